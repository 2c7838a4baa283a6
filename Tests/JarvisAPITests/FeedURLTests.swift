import Foundation
import HTTPServer
import Storage
import XCTest
@testable import JarvisAPI

/// One feed is one subscription however its URL is spelled: typed, imported, redirected to, or
/// stored before the spelling was enforced.
final class FeedURLTests: XCTestCase {
    func testEverySpellingOfOneFeedIsOneURL() {
        let spellings = [
            "https://example.com/feeds/news.xml", "HTTPS://Example.COM/feeds/news.xml", "https://example.com:443/feeds/news.xml",
            "https://example.com./feeds/news.xml", "https://example.com/feeds/news.xml#latest", "https://example.com/feeds/news.xml?",
            "https://example.com/feeds/./news.xml", "https://example.com/feeds/old/../news.xml",
        ]
        for spelling in spellings {
            XCTAssertEqual(FeedURL.normalized(spelling)?.absoluteString, "https://example.com/feeds/news.xml", spelling)
        }
        XCTAssertEqual(FeedURL.normalized("http://example.com")?.absoluteString, "http://example.com/")
        XCTAssertEqual(FeedURL.normalized("http://example.com:8080/rss?b=%7e&a=1")?.absoluteString, "http://example.com:8080/rss?b=%7E&a=1",
                       "the query is kept (it can select the feed); only its escapes change case")
        XCTAssertEqual(FeedURL.normalized("https://example.com/~user/feed%2fatom")?.absoluteString, "https://example.com/~user/feed%2Fatom")
        XCTAssertEqual(FeedURL.normalized("https://reader:s3cret@example.com/private.xml")?.absoluteString,
                       "https://reader:s3cret@example.com/private.xml", "a private feed keeps its credentials")
        XCTAssertEqual(FeedURL.normalized("http://[::1]:8080/feed")?.absoluteString, "http://[::1]:8080/feed")
    }

    func testTheDisplayedURLLeavesOutOnlyThePassword() {
        XCTAssertEqual(FeedURL.displayed("https://reader:s3cret@example.com/private.xml?edition=uk"),
                       "https://reader@example.com/private.xml?edition=uk")
        XCTAssertEqual(FeedURL.displayed("https://reader@example.com/private.xml"), "https://reader@example.com/private.xml")
        XCTAssertEqual(FeedURL.displayed("https://example.com:8443/feed?token=a%2Fb"), "https://example.com:8443/feed?token=a%2Fb")
    }

    func testWhatIsNoWebFeedHasNoSpelling() {
        for text in ["ftp://example.com/feed", "javascript:alert(1)", "", "https://", "https://./feed", "/feed.xml", "example.com/feed"] {
            XCTAssertNil(FeedURL.normalized(text), text)
        }
    }

    /// Rows stored before the spelling was enforced are brought to it at start; when another
    /// row already has that spelling, both are kept and the operator is told.
    func testStoredURLsAreBroughtToTheSpellingAndCollisionsKept() async throws {
        let (database, _) = try makeJarvisSQLite()
        let rows = [("a", "HTTP://Example.com/rss"), ("b", "https://news.example/feed.xml#top"), ("c", "https://news.example/feed.xml"),
                    ("d", "https://plain.example/atom")]
        try await database.write { connection in
            for (id, url) in rows {
                try connection.execute("""
                    INSERT INTO feeds (id, url, name, poll_interval_seconds, next_fetch_at, created_at) VALUES ($1, $2, $1, 900, 0, 0)
                    """, [.text(id), .text(url)])
            }
        }
        let logs = MemoryLogSink()
        await FeedURL.normalizeStored(on: database, logger: Logger(sink: logs))
        let stored = try await database.read { connection in
            try connection.query("SELECT id, url FROM feeds ORDER BY id", [])
                .map { "\(try $0.decode(String.self, "id")) \(try $0.decode(String.self, "url"))" }
        }
        XCTAssertEqual(stored, ["a http://example.com/rss", "b https://news.example/feed.xml#top", "c https://news.example/feed.xml",
                                "d https://plain.example/atom"])
        XCTAssertTrue(logs.contents.contains { $0.contains("two subscriptions are one feed") && $0.contains("\"feedId\":\"b\"") },
                      "\(logs.contents)")
    }
}
