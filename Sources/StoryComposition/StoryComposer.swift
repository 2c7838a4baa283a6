import ArticleAnnotations
import Foundation
import NewsText

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

/// The one call the story engine makes per changed story. Text-based parts read one article per
/// outlet, the first the caller lists (the engine lists each outlet's newest report: it
/// supersedes the outlet's earlier ones), at most `articleLimit`; scoring and breaking look at
/// every article (they read only dates and outlets).
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
    ///   - articles: the story's articles, each outlet's current report before its earlier ones
    ///     (the caller's order also breaks ties).
    ///   - topic: the story's desk (`Topic.rawValue`), nil for "other".
    public func compose(_ articles: [StoryArticle], topic: Topic?, now: Date) -> ComposedStory {
        let selected = Self.select(articles, limit: Self.articleLimit)
        let pool = SentencePool(selected)
        // Judged on every article given, superseded reports included: a copy of a wire's first report
        // is a copy even after the wire has filed a newer one.
        let copying = SyndicatedCopies.copyingOutlets(articles)
        let dispute = Conflict.dispute(pool, history: articles, simultaneity: conflictSimultaneity, copying: copying)
        let headline = CanonicalHeadline.choose(from: selected, authority: authority, superseded: pool.superseded, dispute: dispute)
        return ComposedStory(
            headline: headline,
            summary: StorySummary.summarize(pool, headline: headline, weights: StorySummary.Weights()),
            consensus: Consensus.sentence(pool, copying: copying),
            conflict: dispute?.sentence,
            scoreBreakdown: scorer.score(articles, topic: topic, now: now, copying: copying),
            breakingArticleIDs: breaking.breakingArticleIDs(articles, now: now, copying: copying))
    }

    /// Each outlet's first-listed article, at most `limit`: one voice per outlet, so twenty wire
    /// copies from one outlet cannot crowd out the others, and an outlet's superseded report (a
    /// toll it has since raised) is not read beside its current one.
    static func select(_ articles: [StoryArticle], limit: Int) -> [StoryArticle] {
        var seen: Set<String> = []
        return Array(articles.filter { seen.insert($0.sourceKey).inserted }.prefix(limit))
    }
}
