import FeedParsing
import Foundation
import XCTest
@testable import JarvisAPI

/// What an entry must have to become an article, and how long its headline may be: the app
/// shows both in a row of the home feed, so neither may be blank or a wall of text.
final class FeedDocumentParsingTests: XCTestCase {
    private let feedURL = URL(string: "http://news.example/feed.xml")!
    private let fetchedAt = Date(timeIntervalSince1970: 1_780_000_000)

    private func articles(_ items: String) throws -> [IncomingArticle] {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Example News</title><link>http://news.example/</link>\(items)</channel></rss>
            """
        let feed = try FeedParser.parse(Array(document.utf8), baseURL: feedURL, fetchedAt: fetchedAt)
        return FeedDocumentParsing.articles(of: feed, feedURL: feedURL, fetchedAt: fetchedAt)
    }

    func testAnEntryWithNoTextAtAllIsNoArticle() throws {
        let stored = try articles("""
            <item><guid>empty-1</guid></item>
            <item><guid>empty-2</guid><title>  </title><description></description><link>http://news.example/2</link></item>
            <item><guid>told</guid><description>Parliament passed the budget on Tuesday.</description></item>
            """)
        XCTAssertEqual(stored.map(\.dedupKey), ["guid:told"])
        XCTAssertEqual(stored.first?.headline, "Parliament passed the budget on Tuesday.", "the body's first line stands in")
    }

    func testAHeadlineLongerThanTheLimitIsCutAtAWord() throws {
        let words = Array(repeating: "rates", count: 2_000).joined(separator: " ")
        let stored = try articles("<item><guid>long</guid><title>Central bank \(words)</title><description>Body.</description></item>")
        let headline = try XCTUnwrap(stored.first?.headline)
        XCTAssertLessThanOrEqual(headline.count, FeedDocumentParsing.headlineLimit)
        XCTAssertTrue(headline.hasPrefix("Central bank rates"), headline)
        XCTAssertTrue(headline.hasSuffix("rates…"), "cut after a whole word: \(headline)")
        let unspaced = try articles("<item><guid>cjk</guid><title>\(String(repeating: "央行维持利率不变", count: 40))</title></item>")
        XCTAssertEqual(unspaced.first?.headline.count, FeedDocumentParsing.headlineLimit, "no space to cut at: cut mid-word")
        let short = try articles("<item><guid>s</guid><title>Central bank holds rates</title></item>")
        XCTAssertEqual(short.first?.headline, "Central bank holds rates")
    }

    /// The entry's own link is what the outlet's other feeds are matched on (`ArticleStore`); an
    /// entry without one links to the feed's site, which names no report.
    func testOnlyTheEntrysOwnLinkNamesTheReport() throws {
        let stored = try articles("""
            <item><guid>a</guid><title>Rates held</title><link>http://news.example/rates-held?utm_source=rss</link></item>
            <item><guid>b</guid><title>Budget passed</title></item>
            """)
        XCTAssertEqual(stored.map(\.outletLink), ["http://news.example/rates-held", nil])
        XCTAssertEqual(stored.map(\.sourceURL), ["http://news.example/rates-held?utm_source=rss", "http://news.example/"],
                       "the app opens the link as the feed gave it")
    }
}
