import ArticleAnnotations
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
    /// `publishedAt` says nothing of the report's age: the feed gave no date, so it is the time
    /// the feed was first fetched, and the entry was already listed then (it may be weeks old).
    /// An undated entry that appears at a later fetch is not: it came out since the previous one.
    public let ageUnknown: Bool
    /// The article read once (`ArticleAnnotation`), when composition first asks: every copy of the
    /// value shares it, so each recomposition of its story reads no text again.
    private let annotationSlot = AnnotationSlot()

    public init(id: String, sourceName: String, sourceKey: String, headline: String, body: String,
                publishedAt: Date, url: String, feedMarkedBreaking: Bool = false, ageUnknown: Bool = false) {
        self.id = id
        self.sourceName = sourceName
        self.sourceKey = sourceKey
        self.headline = headline
        self.body = body
        self.publishedAt = publishedAt
        self.url = url
        self.feedMarkedBreaking = feedMarkedBreaking
        self.ageUnknown = ageUnknown
    }

    /// Its headline and body as composition reads them.
    package var annotation: ArticleAnnotation {
        annotationSlot.value { ArticleAnnotation(headline: headline, body: body) }
    }

    /// Frees its annotation (in every copy of the value) until composition asks for it again, which
    /// reads the article anew: for a story that has gone quiet, whose composition stays as it is.
    public func releaseAnnotation() {
        annotationSlot.release()
    }

    /// Whether its annotation is held (read and not released since).
    var holdsAnnotation: Bool { annotationSlot.isHeld }

    /// Equal articles carry equal text, so their annotations are equal: only what the feed gave is compared.
    public static func == (lhs: StoryArticle, rhs: StoryArticle) -> Bool {
        lhs.id == rhs.id && lhs.sourceName == rhs.sourceName && lhs.sourceKey == rhs.sourceKey && lhs.headline == rhs.headline
            && lhs.body == rhs.body && lhs.publishedAt == rhs.publishedAt && lhs.url == rhs.url
            && lhs.feedMarkedBreaking == rhs.feedMarkedBreaking && lhs.ageUnknown == rhs.ageUnknown
    }
}
