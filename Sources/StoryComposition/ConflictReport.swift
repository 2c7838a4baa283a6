import ArticleAnnotations
import Foundation
import NewsText

/// One outlet's latest article as `Conflict` reads it: its sentences (headline first), the
/// labelled figures of each, the named subjects each sentence mentions, and declared winners.
struct ConflictReport {
    struct LocatedFact {
        let fact: NumericFacts.Fact
        /// Index into `sentences`.
        let sentence: Int
    }

    let name: String
    /// The article's index in the sentence pool.
    let article: Int
    let publishedAt: Date
    /// When the outlet gave the winners and appointees compared: `publishedAt`, or its earlier
    /// report's time when only that one names them (`Conflict.latestReports`).
    var namesGivenAt: Date
    let sentences: [String]
    /// Each sentence's words (`FactWords`, from its annotation).
    let words: [[FactWords.Word]]
    let facts: [LocatedFact]
    /// Per sentence: its capitalised names, lowercased, possessive dropped ("ghana", "asante-mensah").
    let subjects: [Set<String>]
    /// Per sentence: its content words without numbers, to tell whether two figures are told
    /// in the same context.
    let context: [Set<String>]
    let winners: Set<String>
    let runnersUp: Set<String>
    /// Role → the names the outlet says were appointed to it (`DeclaredWinners.appointments`).
    let appointments: [String: Set<String>]
    /// The most people the outlet has said were trapped, in any of its reports, and whether that sentence
    /// tells of people freed or still held (then the count may have fallen, `Conflict` compares none).
    /// A count of the trapped falls as people are freed or found dead: a wire going from 17 trapped
    /// to "15 still trapped" does not retract its dispute with another outlet's 23.
    let peakTrapped: (fact: NumericFacts.Fact, afterRescue: Bool)?
    private static func tellsOfRescue(_ sentence: [FactWords.Word]) -> Bool { sentence.contains { $0.isIn(.rescue) } }

    /// What its headline and lead say a court did (`CourtRuling`), when they name a court and say one thing.
    let ruling: CourtRuling?
    /// When the outlet's earlier reports first gave each figure (`key`), if they did.
    private let firstGiven: [String: Date]

    /// Words that make a report about a vote, so that "won 45.9%" reads as a vote share.
    private static let electionWords: Set<String> = WordClass.electionWord.forms

    private static let calendarWords: Set<String> = WordClass.weekday.forms.union(WordClass.month.forms)

    /// `earlierReports`: the outlet's reports before this one, for when it first gave a figure.
    init(name: String, article: Int, publishedAt: Date, sentences: [TextReading], earlierReports: [StoryArticle] = []) {
        self.name = name
        self.article = article
        self.publishedAt = publishedAt
        namesGivenAt = publishedAt
        self.sentences = sentences.map(\.text)
        let tokens = sentences.map(\.tokens)
        let isElection = tokens.contains { !Set($0.map(\.normalized)).isDisjoint(with: Self.electionWords) }
        // Each sentence's words, as its annotation read them, give figures, names, winners and appointees.
        let words = sentences.map(\.words)
        self.words = words
        facts = words.enumerated().flatMap { index, sentence in
            NumericFacts.facts(in: sentence, electionContext: isElection).map { LocatedFact(fact: $0, sentence: index) }
        }
        var firstGiven: [String: Date] = [:]
        // Its own trapped counts, then its earlier reports' (read in the same pass as their first dates).
        var trapped = facts.filter { $0.fact.kind == .trapped }.map { located in
            (fact: located.fact, afterRescue: Self.tellsOfRescue(words[located.sentence]))
        }
        for report in earlierReports {
            for text in [report.annotation.headline] + report.annotation.sentences {
                let sentence = text.reading.words
                for fact in NumericFacts.facts(in: sentence, electionContext: isElection) {
                    let key = Self.key(fact)
                    firstGiven[key] = min(firstGiven[key] ?? report.publishedAt, report.publishedAt)
                    if fact.kind == .trapped {
                        trapped.append((fact: fact, afterRescue: Self.tellsOfRescue(sentence)))
                    }
                }
            }
        }
        self.firstGiven = firstGiven
        peakTrapped = trapped.max { $0.fact.value < $1.fact.value }
        subjects = words.map(Self.subjects)
        context = tokens.map { Set(Tokenizer.contentWords($0).filter { word in !word.contains(where: \.isNumber) }) }
        let declared = words.map(DeclaredWinners.winners(in:))  // the first sentence is the headline
        winners = DeclaredWinners.people(body: declared.dropFirst().flatMap { $0 }, headline: declared.first ?? [])
        runnersUp = DeclaredWinners.people(words.flatMap { DeclaredWinners.runnersUp(in: $0) })
        appointments = DeclaredWinners.byRole(words.flatMap { DeclaredWinners.appointments(in: $0) })
        ruling = Self.ruling(Array(words.prefix(2)))
    }

    /// The headline and lead may say it in either ("Colombia court voids tax law"); one naming the
    /// court is enough, and they must not say different things.
    private static func ruling(_ lead: [[FactWords.Word]]) -> CourtRuling? {
        guard lead.contains(where: { CourtRuling.outcome(in: $0) != nil }) else { return nil }
        let outcomes = Set(lead.compactMap { CourtRuling.outcome(in: $0, courtNamed: false) })
        return outcomes.count == 1 ? outcomes.first : nil
    }

    /// Whether `sentence` (of the outlet's earlier report) states only what this report does not
    /// state at all: kinds of figure it gives none of, roles it names no one to, a winner when it
    /// names none. A sentence also giving an older value of something told here is left out, or
    /// the outlet would seem to give two values ("at least 9 dead and 12 injured" beside "26 dead").
    func leavesUntold(_ sentence: TextReading) -> Bool {
        let words = sentence.words
        let kinds = Set(facts.map(\.fact.kind))
        let figures = sentence.facts.map(\.kind)
        let roles = DeclaredWinners.appointments(in: words).map(\.role)
        let named = DeclaredWinners.winners(in: words)
        guard figures.allSatisfy({ !kinds.contains($0) }), roles.allSatisfy({ appointments[$0] == nil }),
              named.isEmpty || winners.isEmpty else { return false }
        return !figures.isEmpty || !roles.isEmpty || !named.isEmpty
    }

    static func subjects(_ words: [FactWords.Word]) -> Set<String> {
        Set(words.filter { $0.isCapitalized && $0.number == nil }.map { subjectKey($0.lowered) }
            .filter { !$0.isEmpty && !StopWords.english.contains($0) && !calendarWords.contains($0) })
    }

    static func subjectKey(_ lowered: String) -> String {
        for suffix in ["'s", "\u{2019}s"] where lowered.hasSuffix(suffix) { return String(lowered.dropLast(2)) }
        return lowered
    }

    /// Whose figure `located` is: the nearest run of capitalised names before it in its sentence,
    /// else after it ("giving Romuald Hounkpè 71.4% of the vote" is Hounkpè's, though the sentence
    /// names his rival first). Places ("Ghana's presidential election") and a name's affiliation
    /// ("Efua Boateng of the Ghana Renewal Movement") own no figure. Empty when no run qualifies.
    func owner(of located: LocatedFact) -> Set<String> {
        let words = self.words[located.sentence]
        let named = subjects[located.sentence]
        let keys = words.map { Self.subjectKey($0.lowered) }
        let isName = { (index: Int) in words[index].isCapitalized && named.contains(keys[index]) }
        var runs: [ClosedRange<Int>] = []
        var index = 0
        while index < words.count {
            guard isName(index) else { index += 1; continue }
            var end = index
            while end + 1 < words.count, isName(end + 1), !words[end].endsClause { end += 1 }
            runs.append(index ... end)
            index = end + 1
        }
        let owners = runs.filter { run in
            // "Paul Ahouandjinou of the Democrats": a name's affiliation; "customers of Equity Bank" is no affiliation.
            let affiliation = FactWords.affiliationOf(runStartingAt: run.lowerBound, in: words).map { $0 > 0 && isName($0 - 1) } ?? false
            let text = words[run].map(\.text).joined(separator: " ")
            // "won the Pokhara mayoral by-election with 38%": the name of the contest's place owns no share of it.
            let namesContest = run.upperBound + 1 < words.count && DeclaredWinners.contests.contains(words[run.upperBound + 1].lowered)
            return !affiliation && !namesContest && AfricaGazetteer.mentions(in: Self.subjectKey(text)).isEmpty
        }
        // A deal's price belongs to every party the sentence names: "will buy Terminales Unidas, the
        // operator of two terminals in Algeciras, for €1.2bn" is Tanger Atlantic's price as much as the
        // target's, and the name nearest the figure is only where the target works.
        if located.fact.kind == .money, located.fact.noun == "deal" {
            return Set(owners.flatMap { $0.map { keys[$0] } })
        }
        let figure = position(of: located.fact.value, in: words) ?? words.count
        guard let run = owners.last(where: { $0.upperBound < figure }) ?? owners.first(where: { $0.lowerBound > figure }) else { return [] }
        return Set(run.map { keys[$0] })
    }

    /// When this outlet first gave `fact`: in an earlier report, or in this one.
    func firstGave(_ fact: NumericFacts.Fact) -> Date {
        firstGiven[Self.key(fact)].map { min($0, publishedAt) } ?? publishedAt
    }

    private static func key(_ fact: NumericFacts.Fact) -> String {
        "\(fact.kind.rawValue)|\(fact.noun)|\(fact.value)"
    }

    /// Whether any sentence names a word of `name` ("Darboe" of "Ousman Darboe").
    func names(_ name: String) -> Bool {
        let parts = Set(name.lowercased().split(separator: " ").map(String.init))
        return subjects.contains { !$0.isDisjoint(with: parts) }
    }

    /// The distinct values this report gives for one fact: `kind` and `noun`, and when the kind
    /// needs a subject, only in sentences naming `subject`.
    func values(_ kind: NumericFacts.Kind, noun: String, subject: String?) -> Set<Double> {
        Set(facts.filter { located in
            located.fact.kind == kind && located.fact.noun == noun
                && (subject.map { subjects[located.sentence].contains($0) } ?? true)
        }.map(\.fact.value))
    }

    /// Whether any sentence states `value`, as written or with its multiplier ("2.4 million").
    func mentions(_ value: Double) -> Bool {
        words.contains { position(of: value, in: $0) != nil }
    }

    /// The index of the first word of `words` that states `value`, as written or with its multiplier.
    func position(of value: Double, in words: [FactWords.Word]) -> Int? {
        words.indices.first { index in
            guard let number = words[index].number else { return false }
            return number == value || number * SubjectFigures.scale(after: index, in: words).factor == value
        }
    }

    /// The capitalised name around `subject` in one sentence, as written: "Kwabena Asante-Mensah".
    func displayName(of subject: String, inSentence index: Int) -> String {
        let words = self.words[index]
        guard let hit = words.firstIndex(where: { Self.subjectKey($0.lowered) == subject }) else { return subject }
        var start = hit
        while start > 0, words[start - 1].isCapitalized, !words[start - 1].endsClause,
              !StopWords.english.contains(words[start - 1].lowered) {
            start -= 1
        }
        var end = hit
        while end + 1 < words.count, words[end + 1].isCapitalized, !words[end].endsClause,
              Self.subjectKey(words[end].lowered) == words[end].lowered {
            end += 1
        }
        let text = words[start ... end].map(\.text).joined(separator: " ")
        return Self.subjectKey(text.lowercased()) == text.lowercased() ? text : String(text.dropLast(2))
    }
}
