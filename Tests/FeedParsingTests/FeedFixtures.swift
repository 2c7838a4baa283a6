import FeedParsing
import Foundation

/// Helpers shared by the parser tests: documents are written as Swift strings (or raw bytes
/// when the encoding matters) and parsed exactly as fetched bytes would be.
enum FeedFixtures {
    static let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)

    static func parse(_ xml: String, charset: String? = nil, baseURL: URL? = nil) throws -> ParsedFeed {
        try parse(bytes: Array(xml.utf8), charset: charset, baseURL: baseURL)
    }

    static func parse(bytes: [UInt8], charset: String? = nil, baseURL: URL? = nil,
                      limits: FeedParser.Limits = .standard) throws -> ParsedFeed {
        try FeedParser.parse(bytes, contentTypeCharset: charset, baseURL: baseURL, fetchedAt: fetchedAt, limits: limits)
    }

    /// One RSS 2.0 item inside a minimal channel.
    static func rssItem(_ inner: String, namespaces: String = "", channel: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" \(namespaces)><channel><title>Feed</title>\(channel)<item>\(inner)</item></channel></rss>
        """
    }

    /// One Atom 1.0 entry inside a minimal feed.
    static func atomEntry(_ inner: String, feed: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Feed</title>\(feed)<entry>\(inner)</entry></feed>
        """
    }

    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { preconditionFailure("bad fixture date \(text)") }
        return date
    }
}
