import Foundation

/// An article as the clusterer sees it: only what decides which event it reports.
public struct ClusterArticle: Sendable, Equatable {
    public let id: String
    /// The outlet's identity (the feed's host), so two feeds of one outlet are one source
    /// downstream. Clustering itself judges content only: one outlet's follow-up joins its own story.
    public let sourceKey: String
    public let headline: String
    /// Plain text; only the first `ClusteringConfiguration.bodyWordLimit` words are read.
    public let body: String
    public let publishedAt: Date

    public init(id: String, sourceKey: String, headline: String, body: String, publishedAt: Date) {
        self.id = id
        self.sourceKey = sourceKey
        self.headline = headline
        self.body = body
        self.publishedAt = publishedAt
    }
}

/// Where `StoryClusterer.assign` put an article.
public struct ClusterAssignment: Sendable, Equatable {
    public let storyID: String
    /// True when the article started a story (the id came from `newStoryID`).
    public let isNewStory: Bool
    /// Stories absorbed into `storyID` by this step because the article showed they report one
    /// event. They no longer exist in the clusterer: the caller moves their articles to `storyID`
    /// (and tells clients the old ids are gone), so a later `restore` sees only the survivor.
    public let mergedStoryIDs: [String]

    public init(storyID: String, isNewStory: Bool, mergedStoryIDs: [String]) {
        self.storyID = storyID
        self.isNewStory = isNewStory
        self.mergedStoryIDs = mergedStoryIDs
    }
}
