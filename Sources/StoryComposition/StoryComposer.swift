import Foundation

/// Everything composition says about a story, computed in one pass over its articles.
public struct ComposedStory: Sendable, Equatable {
    public let headline: String
    /// Never empty; ends with sentence punctuation.
    public let summary: String
    /// Nil for a single outlet or when no fact is confirmed by two outlets.
    public let consensus: String?
    /// Nil unless two outlets report different values for one fact.
    public let conflict: String?
    public let scoreBreakdown: ScoreBreakdown
    public let breakingArticleIDs: Set<String>
}

/// The one call the story engine makes per changed story. Text-based parts read at most
/// `articleLimit` articles, chosen so every outlet is represented before any outlet gets a
/// second article; breaking and freshness look at every article (they read only dates).
public struct StoryComposer: Sendable {
    public static let articleLimit = SentencePool.articleLimit

    public let authority: SourceAuthority
    public let scorer: StoryScorer
    public let breaking: BreakingDetector
    public let conflictSimultaneity: TimeInterval

    public init(authority: SourceAuthority, scorer: StoryScorer? = nil, breaking: BreakingDetector = BreakingDetector(),
                conflictSimultaneity: TimeInterval = Conflict.defaultSimultaneity) {
        self.authority = authority
        self.scorer = scorer ?? StoryScorer(authority: authority)
        self.breaking = breaking
        self.conflictSimultaneity = conflictSimultaneity
    }

    /// - Parameters:
    ///   - articles: the story's articles, most relevant first (the caller's order breaks ties).
    ///   - topic: the story's desk (`Topic.rawValue`), nil for "other".
    public func compose(_ articles: [StoryArticle], topic: String?, now: Date) -> ComposedStory {
        let selected = Self.select(articles, limit: Self.articleLimit)
        let pool = SentencePool(selected)
        let headline = CanonicalHeadline.choose(from: selected, authority: authority)
        return ComposedStory(
            headline: headline,
            summary: StorySummary.summarize(pool, headline: headline, weights: StorySummary.Weights()),
            consensus: Consensus.sentence(pool),
            conflict: Conflict.sentence(pool, simultaneity: conflictSimultaneity),
            scoreBreakdown: scorer.score(articles, topic: topic, now: now),
            breakingArticleIDs: breaking.breakingArticleIDs(articles, now: now))
    }

    /// At most `limit` articles: first each outlet's first-listed article, then the rest in the
    /// caller's order, so twenty wire copies from one outlet cannot crowd out the others.
    static func select(_ articles: [StoryArticle], limit: Int) -> [StoryArticle] {
        var seen: Set<String> = []
        let firsts = articles.indices.filter { seen.insert(articles[$0].sourceKey).inserted }
        let firstSet = Set(firsts)
        let rest = articles.indices.filter { !firstSet.contains($0) }
        return (firsts + rest).prefix(limit).map { articles[$0] }
    }
}
