import Foundation
import NewsText
import StoryComposition

/// What the engine says a story is after a step: everything the API stores and shows.
public struct StorySnapshot: Sendable, Equatable {
    public let id: String
    public let headline: String
    /// Never empty (the app requires a summary).
    public let summary: String
    /// The desk, or for a story about none of the four the nearest one (see `isListed`).
    public let topic: Topic
    /// False for a story about none of the four topics: kept, but not in `GET /stories`.
    public let isListed: Bool
    public let breakdown: ScoreBreakdown
    /// Distinct independent outlets (source keys).
    public let sourceCount: Int
    public let consensus: String?
    public let conflict: String?
    public let latestArticleAt: Date
    /// Articles to badge as BREAKING in the timeline.
    public let breakingArticleIDs: Set<String>
}

/// The outcome of one article's step.
public struct EngineUpdate: Sendable {
    /// The story the article is now in, recomposed.
    public let story: StorySnapshot
    public let isNewStory: Bool
    /// The story had gone quiet (left the feed) and this article brings it back.
    public let revived: Bool
    /// Whether the story was listed before this article (nil: new, or not composed since a restart).
    public let wasListed: Bool?
    /// Stories merged into `story` by this step: their articles now belong to it.
    public let absorbedStoryIDs: [String]
}

/// The outcome of one round of articles (`StoryEngine.ingest(_: [EngineArticle], now:)`).
public struct RoundUpdate: Sendable {
    /// Where one article went, in the order the articles were placed.
    public struct Placement: Sendable {
        public let articleID: String
        /// Its story when it was placed (a later article of the round may merge that story into another:
        /// see `absorbedStoryIDs` of the later placements).
        public let storyID: String
        public let isNewStory: Bool
        /// The story had gone quiet (left the feed) and this article brings it back.
        public let revived: Bool
        /// Whether the story was listed before the round (nil: new, or not composed since a restart); for
        /// a story placed earlier in the round, nil when new, else as before the round.
        public let wasListed: Bool?
        /// Stories merged into `storyID` by this article: their articles now belong to it.
        public let absorbedStoryIDs: [String]
    }

    public let placements: [Placement]
    /// Every story the round touched and did not merge away, composed as of the end of the round.
    public let stories: [String: StorySnapshot]
}

/// An incoming article as the whole engine sees it.
public typealias EngineArticle = StoryArticle
