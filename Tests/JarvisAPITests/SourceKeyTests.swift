import Foundation
import XCTest
@testable import JarvisAPI

/// Which feeds count as one outlet (`SourceKey`), and which links of an outlet's feeds are one
/// report (`OutletLink`).
final class SourceKeyTests: XCTestCase {
    private func key(_ feed: String) -> String { SourceKey.of(feedURL: URL(string: feed)!) }

    func testOneOutletsFeedServersShareAKeyAndOtherPortsAndHostsDoNot() {
        XCTAssertEqual(key("https://feeds.bbci.co.uk/news/rss.xml"), "bbci.co.uk")
        XCTAssertEqual(key("https://www.bbci.co.uk/sport/rss.xml"), "bbci.co.uk")
        XCTAssertEqual(key("http://EXAMPLE.com:8080/feed"), "example.com:8080")
        XCTAssertEqual(key("https://example.com:443/feed"), "example.com")
        XCTAssertNotEqual(key("https://theeastafrican.co.ke/feed"), key("https://nation.africa/feed"))
    }

    func testOutletsOnAFeedHostingServiceAreToldApartByPath() {
        XCTAssertEqual(key("https://feeds.feedburner.com/TechCrunch/"), "feedburner.com/TechCrunch")
        XCTAssertNotEqual(key("https://feeds.feedburner.com/TechCrunch"), key("https://feeds.feedburner.com/ndtvnews-top-stories"))
        XCTAssertEqual(key("https://medium.com/feed/@someone"), "medium.com/feed/@someone")
        XCTAssertEqual(key("https://feedburner.com/"), "feedburner.com", "no path: the host alone")
    }

    func testOneReportListedInTwoFeedsHasOneLinkKey() {
        XCTAssertEqual(OutletLink.key("https://WWW.Example.com/news/world-123?utm_source=rss&utm_medium=world#comments"),
                       "https://www.example.com/news/world-123")
        XCTAssertEqual(OutletLink.key("https://www.example.com/news/world-123?UTM_CAMPAIGN=africa"),
                       OutletLink.key("https://www.example.com/news/world-123"))
        XCTAssertEqual(OutletLink.key("https://example.com/story?id=42&utm_source=rss"), "https://example.com/story?id=42",
                       "a parameter that names the page stays")
        XCTAssertNotEqual(OutletLink.key("https://example.com/story?id=42"), OutletLink.key("https://example.com/story?id=43"))
    }

    func testAFrontPageOrNonWebLinkIsNoReportsKey() {
        XCTAssertNil(OutletLink.key("https://example.com/"))
        XCTAssertNil(OutletLink.key("https://example.com"))
        XCTAssertNil(OutletLink.key("mailto:desk@example.com"))
        XCTAssertNil(OutletLink.key("not a link"))
    }
}
