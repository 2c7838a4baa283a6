import ArticleAnnotations

/// The story's summary: never empty, plain text, at most about `maximumLength` characters,
/// ending with sentence punctuation.
///
/// Several outlets: an extractive synthesis of 1–3 sentences. Each candidate sentence is scored
/// by how well the *other* outlets confirm it (cross-source support: their closest sentence, and
/// how much of its vocabulary they use anywhere in their reports), how central it is among
/// the story's sentences (`SentenceGraph`), how close it is to the headlines, how early it sits
/// in its article (news leads carry the facts) and how much it says; sentences are then taken
/// best first, skipping any that repeat one already chosen, in words or in figures, or contradict
/// it (`StatedFacts`: another toll, another appointee; the conflict line names disputes). One outlet:
/// its first clean lead sentences (1–2). No usable sentences: the headline.
public enum StorySummary {
    public static let maximumLength = 400

    /// Weights of the sentence score. The defaults were chosen with `SummaryEval --tune` on the
    /// AllSides dev split only (docs/jarvis/story-engine.md); public so that tool can search them.
    public struct Weights: Sendable, Equatable, CustomStringConvertible {
        public var support: Double
        public var centrality: Double
        public var headline: Double
        public var position: Double
        /// Longer sentences (up to 40 words) carry more of the story into a fixed budget.
        public var length: Double
        /// A candidate this close (cosine) to a chosen sentence repeats it.
        public var redundancy: Double
        /// A candidate sharing this share of the shorter sentence's terms with a chosen one
        /// (overlap coefficient) retells it in other words, or with another outlet's figures.
        public var coverage: Double
        /// Share of the sentence's terms the other outlets use anywhere (`SentencePool.vocabularySupport`).
        public var vocabulary: Double

        public init(support: Double = 1.0, centrality: Double = 0.5, headline: Double = 0.25, position: Double = 0.1,
                    length: Double = 0.2, redundancy: Double = 0.3, coverage: Double = 0.5, vocabulary: Double = 2.0) {
            self.vocabulary = vocabulary
            self.support = support
            self.centrality = centrality
            self.headline = headline
            self.position = position
            self.length = length
            self.redundancy = redundancy
            self.coverage = coverage
        }

        public var description: String {
            "support \(support), centrality \(centrality), headline \(headline), position \(position), "
                + "length \(length), redundancy \(redundancy), coverage \(coverage), vocabulary \(vocabulary)"
        }
    }

    public static func summarize(_ articles: [StoryArticle], headline: String, weights: Weights = Weights()) -> String {
        summarize(SentencePool(StoryComposer.select(articles, limit: StoryComposer.articleLimit)),
                  headline: headline, weights: weights)
    }

    static func summarize(_ pool: SentencePool, headline: String, weights: Weights) -> String {
        let candidates = pool.summaryCandidates
        let chosen = pool.sourceKeys.count > 1
            ? synthesis(pool, candidates: candidates, weights: weights)
            : lead(candidates)
        if !chosen.isEmpty { return chosen.joined(separator: " ") }
        return fallback(pool, headline: headline)
    }

    /// Best-scored sentences that do not repeat each other, within the length budget.
    private static func synthesis(_ pool: SentencePool, candidates: [PooledSentence], weights: Weights) -> [String] {
        let ranked = deferringPronounOpeners(rank(pool, candidates: candidates, weights: weights))
        var chosen: [(sentence: PooledSentence, figures: Set<String>, terms: Set<String>, facts: StatedFacts)] = []
        var length = 0
        for sentence in ranked where chosen.count < 3 {
            let addedLength = sentence.text.count + (chosen.isEmpty ? 0 : 1)
            guard length + addedLength <= maximumLength else { continue }
            // "He…" only right after its own report's sentence that says who he is (`readingOrder`).
            guard !SummaryText.opensWithUnnamedPerson(sentence.reading)
                || chosen.contains(where: { $0.sentence.article == sentence.article && $0.sentence.position == sentence.position - 1 })
            else { continue }
            let figures = sentence.reading.figures
            let terms = Set(sentence.vector.entries.map(\.term))
            let facts = sentence.annotated.stated
            guard chosen.allSatisfy({ $0.sentence.vector.cosine(sentence.vector) < weights.redundancy
                && sharedTermShare($0.sentence, sentence) < weights.coverage
                && !SummaryText.restates(figures, terms: terms, of: $0.figures, statedTerms: $0.terms)
                && !SummaryText.opensAlike($0.sentence.reading, sentence.reading)
                && !facts.contradicts($0.facts) && !facts.repeatsAFigure(of: $0.facts) && !facts.repeatsAnOutcome(of: $0.facts) })
            else { continue }
            chosen.append((sentence, figures, terms, facts))
            length += addedLength
        }
        return readingOrder(chosen.map(\.sentence), pool: pool).map(\.text)
    }

    /// `ranked` with the sentences opening with a pronoun that rank above every other moved just below
    /// the first other: "It was the bank's second cut this year", chosen first, kept out every lead that
    /// shared its words, and a rate-cut summary must say what the bank did.
    static func deferringPronounOpeners(_ ranked: [PooledSentence]) -> [PooledSentence] {
        guard let first = ranked.firstIndex(where: { !SummaryText.opensWithPronoun($0.reading) }), first > 0 else { return ranked }
        return [ranked[first]] + ranked[..<first] + ranked[(first + 1)...]
    }

    /// The chosen sentences as a reader should meet them: articles' lead sentences before later
    /// ones (the lead says who did what; "The company expects…" comes after), of two leads the
    /// one closer to the headlines first ("The Bank of Botswana cut its rate" before "The governor
    /// said inflation was below target"), and never a sentence that leans
    /// on something not yet said ("Its chief executive said…") first when another can open. Order
    /// does not change which sentences are chosen.
    static func readingOrder(_ chosen: [PooledSentence], pool: SentencePool) -> [PooledSentence] {
        let closeness = chosen.map(pool.closenessToHeadlines)
        var ordered = chosen.indices.sorted { lhs, rhs in
            let (left, right) = (chosen[lhs], chosen[rhs])
            if left.position != right.position { return left.position < right.position }
            return closeness[lhs] != closeness[rhs] ? closeness[lhs] > closeness[rhs] : lhs < rhs
        }.map { chosen[$0] }
        if let first = ordered.first, SummaryText.leansOnWhatCameBefore(first.reading),
           let opener = ordered.firstIndex(where: { !SummaryText.leansOnWhatCameBefore($0.reading) }) {
            ordered.insert(ordered.remove(at: opener), at: 0)
        }
        // A sentence about an unnamed person follows its report's sentence naming him or her, not
        // another outlet's sentence about someone else ("He replaces the outgoing head of
        // government" must not read as the outgoing one).
        for sentence in chosen where SummaryText.opensWithUnnamedPerson(sentence.reading) {
            guard let index = ordered.firstIndex(where: { $0.article == sentence.article && $0.position == sentence.position }),
                  let named = ordered.firstIndex(where: { $0.article == sentence.article && $0.position == sentence.position - 1 })
            else { continue }
            let moved = ordered.remove(at: index)
            ordered.insert(moved, at: named < index ? named + 1 : named)
        }
        return ordered
    }

    /// Terms two sentences share, over the shorter one's term count: a short restatement of a
    /// long sentence scores high even though their cosine is modest.
    private static func sharedTermShare(_ first: PooledSentence, _ second: PooledSentence) -> Double {
        let smaller = min(first.vector.entries.count, second.vector.entries.count)
        guard smaller > 0 else { return 0 }
        let firstTerms = Set(first.vector.entries.map(\.term))
        return Double(second.vector.entries.filter { firstTerms.contains($0.term) }.count) / Double(smaller)
    }

    static func rank(_ pool: SentencePool, candidates: [PooledSentence], weights: Weights) -> [PooledSentence] {
        let centrality = SentenceGraph.centrality(candidates.map(\.vector))
        let scored = zip(candidates, centrality).map { sentence, central -> (PooledSentence, Double) in
            let headline = pool.closenessToHeadlines(sentence)
            let score = weights.support * pool.crossSourceSupport(sentence)
                + weights.centrality * central
                + weights.headline * headline
                + weights.position / Double(1 + sentence.position)
                + weights.length * Double(min(sentence.wordCount, 40)) / 40
                + weights.vocabulary * pool.vocabularySupport(sentence)
            return (sentence, score)
        }
        // Ties keep pool order (earlier article, earlier sentence), so the result is deterministic.
        return scored.enumerated().sorted { lhs, rhs in
            lhs.element.1 != rhs.element.1 ? lhs.element.1 > rhs.element.1 : lhs.offset < rhs.offset
        }.map(\.element.0)
    }

    /// A single outlet's own lead: its first one or two clean sentences.
    private static func lead(_ candidates: [PooledSentence]) -> [String] {
        guard let first = candidates.first else { return [] }
        var chosen = [first.text]
        if let second = candidates.dropFirst().first, second.article == first.article,
           first.text.count + 1 + second.text.count <= maximumLength {
            chosen.append(second.text)
        }
        return chosen
    }

    /// No sentence qualified: the first over-long sentence cut at a clause, else the headline.
    private static func fallback(_ pool: SentencePool, headline: String) -> String {
        let usable = pool.sentences.filter { $0.text.count > maximumLength }.first
        if let long = usable?.text, let cut = SummaryText.cutAtClause(long, limit: maximumLength) {
            return cut
        }
        let title = headline.isEmpty ? (pool.articles.first?.headline ?? "") : headline
        return SummaryText.asSentence(title)
    }
}
