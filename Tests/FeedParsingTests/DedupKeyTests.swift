import FeedParsing
import XCTest

/// The per-feed deduplication key: guid, else link, else title with the feed's date.
final class DedupKeyTests: XCTestCase {
    private func entry(_ inner: String) throws -> FeedEntry {
        try XCTUnwrap(FeedFixtures.parse(FeedFixtures.rssItem(inner)).entries.first)
    }

    func testGuidWinsOverLinkAndTitle() throws {
        let key = FeedParser.dedupKey(for: try entry(#"<guid isPermaLink="false">abc-123</guid><link>http://e.com/1</link><title>T</title>"#))
        XCTAssertEqual(key, "guid:abc-123")
    }

    func testLinkIsUsedWithoutGuid() throws {
        XCTAssertEqual(FeedParser.dedupKey(for: try entry("<link>http://e.com/1</link><title>T</title>")), "link:http://e.com/1")
    }

    func testTitleAndFeedDateAreUsedWithoutGuidOrLink() throws {
        let dated = try entry("<title>Same</title><pubDate>Thu, 01 Jan 2004 19:48:21 GMT</pubDate>")
        XCTAssertEqual(FeedParser.dedupKey(for: dated), "title:Same|1072986501")
        let redated = try entry("<title>Same</title><pubDate>Fri, 02 Jan 2004 19:48:21 GMT</pubDate>")
        XCTAssertNotEqual(FeedParser.dedupKey(for: dated), FeedParser.dedupKey(for: redated))
    }

    func testUndatedEntriesAreKeyedByTitleAloneSoEachFetchMatches() throws {
        let first = try entry("<title>No date</title>")
        let later = try XCTUnwrap(FeedParser.parse(Array(FeedFixtures.rssItem("<title>No date</title>").utf8),
                                                   fetchedAt: Date(timeIntervalSince1970: 1_800_000_000)).entries.first)
        XCTAssertEqual(FeedParser.dedupKey(for: first), "title:No date")
        XCTAssertEqual(FeedParser.dedupKey(for: first), FeedParser.dedupKey(for: later))
    }
}
