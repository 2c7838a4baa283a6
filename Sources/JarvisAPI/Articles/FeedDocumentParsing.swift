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

    static func articles(_ document: FetchedDocument, feedURL: URL, fetchedAt: Date) throws -> [IncomingArticle] {
        let feed = try FeedParser.parse(document.body, contentTypeCharset: document.charset, baseURL: feedURL, fetchedAt: fetchedAt)
        return feed.entries.map { entry in
            IncomingArticle(
                dedupKey: FeedParser.dedupKey(for: entry),
                headline: entry.title,
                body: entry.bodyText.isEmpty ? (entry.summaryText ?? entry.title) : entry.bodyText,
                author: entry.author,
                imageURL: entry.imageURL,
                sourceURL: entry.link ?? feed.link ?? feedURL.absoluteString,
                publishedAt: min(entry.publishedAt, fetchedAt.addingTimeInterval(clockSkewAllowance)),
                isBreaking: entry.isBreaking)
        }
    }
}
