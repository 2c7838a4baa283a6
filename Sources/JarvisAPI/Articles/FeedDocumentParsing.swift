import FeedFetching
import FeedParsing
import Foundation

/// Turns a fetched feed document into articles: the parser does the reading; this decides what
/// an article is made of (headline, richest plain-text body, the entry's own link or else the
/// feed's, the per-feed deduplication key).
enum FeedDocumentParsing {
    /// How far ahead of our clock a feed's date may be (its clock, or a time zone typed wrong)
    /// before it counts as now: a date a year ahead would otherwise keep its story fresh and in
    /// the feed for a year.
    static let clockSkewAllowance: TimeInterval = 15 * 60

    /// The longest headline kept whole. A real one is far shorter; a feed that puts a whole
    /// article (or garbage) in its title would otherwise fill the app's row and the story's headline.
    static let headlineLimit = 200

    /// Links are resolved against the feed's URL without its user and password, so a private
    /// feed's account never reaches an article (see `FeedURL.withoutUserInfo`).
    static func articles(_ document: FetchedDocument, feedURL: URL, fetchedAt: Date) throws -> [IncomingArticle] {
        let base = URL(string: FeedURL.withoutUserInfo(feedURL.absoluteString)) ?? feedURL
        let feed = try FeedParser.parse(document.body, contentTypeCharset: document.charset, baseURL: base, fetchedAt: fetchedAt)
        return articles(of: feed, feedURL: base, fetchedAt: fetchedAt)
    }

    /// An entry without any text (no title, description or content; the parser already turns a
    /// body's first line into a missing title) is no article: it would be a blank row in the app.
    static func articles(of feed: ParsedFeed, feedURL: URL, fetchedAt: Date) -> [IncomingArticle] {
        feed.entries.filter { !$0.title.isEmpty }.map { entry in
            IncomingArticle(
                dedupKey: FeedParser.dedupKey(for: entry),
                headline: Headline.shortened(entry.title, limit: headlineLimit),
                body: entry.bodyText.isEmpty ? (entry.summaryText ?? entry.title) : entry.bodyText,
                author: entry.author,
                imageURL: entry.imageURL.map(FeedURL.withoutUserInfo),
                sourceURL: FeedURL.withoutUserInfo(entry.link ?? feed.link ?? feedURL.absoluteString),
                outletLink: entry.link.flatMap(OutletLink.key),
                publishedAt: min(entry.publishedAt, fetchedAt.addingTimeInterval(clockSkewAllowance)),
                isUndated: entry.publishedAtSource == .fetchTime,
                isBreaking: entry.isBreaking)
        }
    }
}
