import ArticleAnnotations
import NewsText

/// The story's headline: the cluster's most representative one (closest in content to the
/// others), nudged towards authoritative outlets, never clickbait, ALL CAPS or shouting a word
/// ("drivers strike AGAIN") when any other exists, and free of outlet suffixes and "BREAKING:"
/// labels.
public enum CanonicalHeadline {
    public static func choose(from articles: [StoryArticle], authority: SourceAuthority) -> String {
        choose(from: articles, authority: authority, superseded: SupersededCounts(articles))
    }

    /// `superseded`: tolls a later report raised, over `articles` (a headline stating one loses
    /// to any current headline). `dispute`: what the outlets disagree on (a headline stating one
    /// side loses to any that does not).
    static func choose(from articles: [StoryArticle], authority: SourceAuthority, superseded: SupersededCounts,
                       dispute: Dispute? = nil) -> String {
        // Each headline as its annotation read it; one that cleaning changed is read as cleaned.
        let texts = articles.prefix(SentencePool.articleLimit).map { article in
            let headline = article.annotation.headline.reading
            let cleaned = HeadlineCleanup.clean(article.headline, sourceName: article.sourceName, sourceKey: article.sourceKey,
                                                authority: authority)
            return cleaned == headline.text ? headline : TextReading(cleaned)
        }
        // How the bodies write each word (a headline's own capitals are no evidence that it does
        // not shout), read only when some headline has a word in capitals.
        let bodyForms = texts.contains(where: { HeadlineCasing.hasCapitalisedWord($0.text) })
            ? HeadlineCasing.preferredForms(counts: articles.map(\.annotation.bodyForms)) : [:]
        let candidates = zip(articles.indices, texts).map { index, reading in
            let toll = Candidate.tollMention(reading)
            return Candidate(reading: reading,
                             authority: authority.score(sourceKey: articles[index].sourceKey, sourceName: articles[index].sourceName),
                             shoutsAWord: HeadlineCasing.shoutsAWord(reading.text, forms: bodyForms),
                             isSuperseded: superseded.states(reading, ofArticle: index),
                             takesSide: dispute?.isSideTaken(by: reading) ?? false,
                             namesAPlace: !AfricaGazetteer.mentions(in: reading.tokens).isEmpty,
                             givesToll: toll.givesToll, speaksOfTollWithoutFigure: toll.speaksOfTollWithoutFigure)
        }.filter { !$0.text.isEmpty }
        guard !candidates.isEmpty else {
            return articles.lazy.compactMap { $0.annotation.sentences.first?.text }.first ?? ""
        }
        let pool = preferredPool(candidates)
        let weighting = TermWeighting(documents: candidates.map(\.terms))
        let vectors = candidates.map { weighting.vector($0.terms) }
        // Each candidate scored once; ties go to the earlier candidate.
        let scored = pool.map { (index: $0, score: score($0, candidates, vectors)) }
        let best = scored.max { lhs, rhs in
            lhs.score != rhs.score ? lhs.score < rhs.score : lhs.index > rhs.index
        }?.index ?? pool[0]
        // A shouting headline is no evidence of how a word is written.
        return HeadlineCasing.calmed(candidates[best].text, forms: HeadlineCasing.preferredForms(counts: articles.flatMap { article in
            (HeadlineCasing.needsCalming(article.headline) ? [] : [article.annotation.headlineForms]) + [article.annotation.bodyForms]
        }))
    }

    struct Candidate {
        let reading: TextReading
        var text: String { reading.text }
        let authority: Int
        let shoutsAWord: Bool
        /// States a toll that a later report raised ("rises to 18" once another says 21).
        let isSuperseded: Bool
        /// States one side of the story's dispute ("…revenue hits $6.1bn" when another outlet says $6.3bn).
        let takesSide: Bool
        /// Says where ("New Zealand central bank cuts…" against "Reserve Bank cuts OCR…").
        let namesAPlace: Bool
        /// Gives a toll ("…toll reaches 22"), or speaks of one without giving it ("…as boat toll climbs"):
        /// read once per candidate (`tollMention`), since the pool asks both of every candidate.
        let givesToll: Bool
        let speaksOfTollWithoutFigure: Bool

        static func tollMention(_ headline: TextReading) -> (givesToll: Bool, speaksOfTollWithoutFigure: Bool) {
            let givesToll = headline.facts.contains(where: \.kind.risesAsEventDevelops)
            return (givesToll, !givesToll && headline.contains(.tollMention))
        }

        var terms: [String] { reading.terms }
        var isClickbait: Bool { Clickbait.isClickbait(text) }
        var isMarketReaction: Bool { MarketReaction.isReaction(reading) }
        var isAllCaps: Bool { HeadlineCasing.isAllCaps(text) }
        var isInformative: Bool { !isClickbait && !shoutsAWord && !isMarketReaction }
    }

    /// Indices of the candidates allowed to win: current (no superseded toll) if any are, taking no
    /// side of a dispute if any does not, giving the toll if any does; of those, informative (no
    /// clickbait, no shouted word, no market reaction: `MarketReaction`) and in normal case if any
    /// are; else informative (to be re-cased); else all of them.
    private static func preferredPool(_ candidates: [Candidate]) -> [Int] {
        let current = candidates.indices.filter { !candidates[$0].isSuperseded }
        var all = current.isEmpty ? Array(candidates.indices) : current
        let isInformative = candidates.map(\.isInformative)  // read once: clickbait tests are not free
        // Only an informative headline is worth leaving the dispute for.
        if all.contains(where: { !candidates[$0].takesSide && isInformative[$0] }) {
            all.removeAll { candidates[$0].takesSide }
        }
        // A headline that speaks of the toll without giving it loses to one giving the current toll
        // ("…toll reaches 22" over "Guinea mourns as boat toll climbs").
        if all.contains(where: { candidates[$0].givesToll }) {
            all.removeAll { candidates[$0].speaksOfTollWithoutFigure }
        }
        let informative = all.filter { isInformative[$0] }
        let clean = informative.filter { !candidates[$0].isAllCaps }
        if !clean.isEmpty { return clean }
        return informative.isEmpty ? all : informative
    }

    /// Mean similarity to the other headlines, plus up to 0.3 for authority and 0.1 for naming a
    /// place ("New Zealand central bank cuts rates…" over "Reserve Bank cuts OCR…" on a day of
    /// three central banks' decisions), minus a penalty for
    /// headlines too short to inform or too long to scan.
    private static func score(_ index: Int, _ candidates: [Candidate], _ vectors: [TermVector]) -> Double {
        let candidate = candidates[index]
        let others = vectors.indices.filter { $0 != index }
        let centrality = others.isEmpty ? 1 : others.map { vectors[index].cosine(vectors[$0]) }.reduce(0, +) / Double(others.count)
        let authority = 0.3 * Double(candidate.authority) / Double(SourceAuthority.maximumScore)
        let words = candidate.text.split(separator: " ").count
        let lengthPenalty = words < 4 ? 0.2 : (words > 20 ? 0.1 : 0)
        return centrality + authority + (candidate.namesAPlace ? 0.1 : 0) - lengthPenalty
    }
}
