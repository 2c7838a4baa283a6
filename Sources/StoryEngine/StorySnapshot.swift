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

/// An incoming article as the whole engine sees it.
public typealias EngineArticle = StoryArticle
