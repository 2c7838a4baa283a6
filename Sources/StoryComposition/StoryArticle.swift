import Foundation

/// An article as composition sees it: one outlet's report within a story.
public struct StoryArticle: Sendable, Equatable {
    public let id: String
    /// The outlet's display name, used in consensus and conflict sentences ("Reuters reports ...").
    public let sourceName: String
    /// The outlet's identity (the feed's host): two feeds of one outlet are one source, so they
    /// never confirm each other or count twice.
    public let sourceKey: String
    public let headline: String
    /// HTML-stripped text; may be empty when a feed carries only titles.
    public let body: String
    public let publishedAt: Date
    public let url: String
    /// The feed itself flagged the item as breaking news.
    public let feedMarkedBreaking: Bool

    public init(id: String, sourceName: String, sourceKey: String, headline: String, body: String,
                publishedAt: Date, url: String, feedMarkedBreaking: Bool = false) {
        self.id = id
        self.sourceName = sourceName
        self.sourceKey = sourceKey
        self.headline = headline
        self.body = body
        self.publishedAt = publishedAt
        self.url = url
        self.feedMarkedBreaking = feedMarkedBreaking
    }
}
