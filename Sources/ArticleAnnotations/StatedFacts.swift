import NewsText

/// What a sentence states that another sentence of the story could contradict: its toll of each
/// kind (deaths, injuries, arrests: `NumericFacts`), a turnout, whom it says won or was appointed
/// (`DeclaredWinners`), what a legislature did with a vote and what a court did with a law
/// (`CourtRuling`). Other rates are left out: a repo rate and a prime lending rate are both rates.
///
/// A summary never holds two sentences that contradict each other, such as "23 people were
/// killed" beside "31 people died", or two different finance ministers each
/// "appointed". Where outlets disagree, the conflict line names the dispute and the summary
/// states one side of it.
package struct StatedFacts {
    private let figures: [NumericFacts.Fact]
    private let winners: Set<String>
    private let appointments: [String: Set<String>]
    /// What the sentence says a legislature did with a vote (`VoteOutcome`), and which one.
    private let vote: (body: String, passed: Bool)?
    /// Its content words, to tell whether two outcomes are of one bill.
    private let terms: Set<String>
    /// What the sentence says a court did (`CourtRuling`).
    private let ruling: CourtRuling?

    init(_ sentence: String) { self.init(TextReading(sentence)) }

    init(_ sentence: TextReading) {
        let words = sentence.words
        figures = Array(NumericFacts.largestOfEachKind(sentence.facts.filter { $0.kind.risesAsEventDevelops || $0.kind == .turnout })
            .values)
        winners = Set(DeclaredWinners.winners(in: words))
        appointments = DeclaredWinners.byRole(DeclaredWinners.appointments(in: words))
        vote = VoteOutcome.outcome(in: words)
        terms = vote == nil ? [] : Set(Tokenizer.contentWords(sentence.tokens))
        ruling = CourtRuling.outcome(in: words)
    }

    /// The same legislature's vote said to pass in both: "Uruguay's Senate approved a bill…" and
    /// "Uruguay's Senate has voted in favour of letting…" tell one outcome twice.
    package func repeatsAnOutcome(of other: StatedFacts) -> Bool {
        guard let vote, let theirs = other.vote, VoteOutcome.sameBody(vote.body, theirs.body), vote.passed == theirs.passed else {
            return false
        }
        // One bill: two content words in common besides the house and the verbs ("licensed", "cannabis"), not
        // "Parliament approved the budget" and "MPs backed a motion to censure the minister".
        return terms.intersection(other.terms).filter { !VoteOutcome.isWordOfAnyVote($0) }.count >= 2
    }

    /// The same toll (or turnout) of one kind stated again, and nothing of a kind `other` lacks:
    /// "Five people were killed when fire swept through a dormitory" and "Five people died after fire
    /// broke out…" tell one fact twice (number words below eleven are no figure to
    /// `SummaryText.restates`), while "Five died and 12 were injured" adds the injured.
    package func repeatsAFigure(of other: StatedFacts) -> Bool {
        // Nouns aside: "killing seven people" and "At least seven people have been killed" are one toll.
        let repeated = figures.contains { mine in other.figures.contains { $0.kind == mine.kind && $0.value == mine.value } }
        return repeated && Set(figures.map(\.kind)).isSubset(of: Set(other.figures.map(\.kind)))
    }

    /// Tolls of one kind whose intervals do not meet, different winners, or different people
    /// appointed to one role ("William Ruto" and "Ruto" are one person, as for `Conflict`).
    package func contradicts(_ other: StatedFacts) -> Bool {
        let figure = figures.contains { mine in
            other.figures.contains { $0.kind == mine.kind && $0.noun == mine.noun && !$0.bounds.overlaps(mine.bounds) }
        }
        let winner = DeclaredWinners.nameDifferentPeople(winners, other.winners)
        let appointee = appointments.contains { role, names in
            other.appointments[role].map { DeclaredWinners.nameDifferentPeople(names, $0) } ?? false
        }
        // "…approved a bill…" beside "A vote … was postponed until next week".
        let outcome = vote.flatMap { mine in
            other.vote.map { VoteOutcome.sameBody($0.body, mine.body) && $0.passed != mine.passed }
        } ?? false
        // "…court upheld the 2025 tax reform…" beside "…court has annulled last year's tax reform".
        let ruled = ruling.flatMap { mine in other.ruling.map { $0 != mine } } ?? false
        return figure || winner || appointee || outcome || ruled
    }
}
