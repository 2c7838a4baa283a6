import FeedParsing
import XCTest

/// The date formats feeds use, each converted to the UTC instant it denotes.
final class FeedDateTests: XCTestCase {
    func testDateFormatsTable() {
        let table: [(input: String, expected: String?)] = [
            ("Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 19:48:21 UT", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 14:48:21 EST", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jul 2004 15:48:21 EDT", "2004-07-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 11:48:21 PST", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 19:48:21 Z", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 18:48:21 A", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 20:48:21 +0100", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 21:18:21 +01:30", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 2004 19:48 GMT", "2004-01-01T19:48:00Z"),
            ("1 Jan 2004 19:48:21", "2004-01-01T19:48:21Z"),
            ("Thu, 01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21Z"),
            ("Thursday, 01 January 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
            ("Thu Jan  1 19:48:21 2004", "2004-01-01T19:48:21Z"),
            ("2004-01-01T19:48:21Z", "2004-01-01T19:48:21Z"),
            ("2004-01-01T21:48:21+02:00", "2004-01-01T19:48:21Z"),
            ("2004-01-01T19:48:21.123456Z", "2004-01-01T19:48:21Z"),
            ("2004-01-01T19:48Z", "2004-01-01T19:48:00Z"),
            ("2004-01-01T19:48:21", "2004-01-01T19:48:21Z"),
            ("2004-01-01 19:48:21", "2004-01-01T19:48:21Z"),
            ("2004-01-01", "2004-01-01T00:00:00Z"),
            ("2003-12-31T18:14:55-08:00", "2004-01-01T02:14:55Z"),
            ("Sun, 31 Feb 2004 10:00:00 GMT", nil),
            ("2004-13-01T00:00:00Z", nil),
            ("2004-01-01T25:00:00Z", nil),
            ("yesterday", nil),
            ("", nil),
        ]
        for (input, expected) in table {
            XCTAssertEqual(FeedDate.parse(input), expected.map(FeedFixtures.utc), "parsing \"\(input)\"")
        }
    }

    func testEntryDatesFallBackToUpdatedThenFetchTime() throws {
        let updatedOnly = try FeedFixtures.parse(FeedFixtures.atomEntry("<title>t</title><updated>2020-05-01T10:00:00Z</updated>"))
        XCTAssertEqual(updatedOnly.entries.first?.publishedAt, FeedFixtures.utc("2020-05-01T10:00:00Z"))
        XCTAssertEqual(updatedOnly.entries.first?.publishedAtSource, .updated)
        let undated = try FeedFixtures.parse(FeedFixtures.rssItem("<title>t</title><pubDate>not a date</pubDate>"))
        XCTAssertEqual(undated.entries.first?.publishedAt, FeedFixtures.fetchedAt)
        XCTAssertEqual(undated.entries.first?.publishedAtSource, .fetchTime)
    }
}
