import Foundation
import StoryComposition
import XCTest

final class SourceAuthorityTests: XCTestCase {
    private let bundled = SourceAuthority.bundled

    func testTheShippedTableRatesWireAgenciesHighAndUnknownOutletsAtTheDefault() {
        XCTAssertEqual(bundled.score(sourceKey: "reuters.com", sourceName: "Reuters"), 19)
        XCTAssertEqual(bundled.score(sourceKey: "nowhere.example", sourceName: "Nowhere Gazette"), bundled.defaultScore)
        XCTAssertLessThan(bundled.score(sourceKey: "rt.com", sourceName: "RT"), bundled.defaultScore)
    }

    func testTheShippedTableCoversMajorAfricanOutlets() {
        for host in ["nation.africa", "premiumtimesng.com", "dailymaverick.co.za", "news24.com", "addisstandard.com",
                     "myjoyonline.com", "madamasr.com", "theeastafrican.co.ke", "africanews.com"] {
            XCTAssertGreaterThan(bundled.score(sourceKey: host, sourceName: ""), bundled.defaultScore, host)
        }
    }

    func testFeedSubdomainsAndURLsResolveToTheOutletsHost() {
        XCTAssertEqual(bundled.score(sourceKey: "feeds.bbci.co.uk", sourceName: ""), 18)
        XCTAssertEqual(bundled.score(sourceKey: "https://www.reuters.com/world/africa/", sourceName: ""), 19)
    }

    func testNamesMatchIgnoringCaseAndCatalogueNotes() {
        XCTAssertEqual(bundled.score(sourceKey: "unlisted.example", sourceName: "Fox News (Online News)"), 11)
        XCTAssertEqual(bundled.score(sourceKey: "unlisted.example", sourceName: "daily nation"), 15)
        XCTAssertTrue(bundled.knowsOutlet(named: "BBC News"))
        XCTAssertFalse(bundled.knowsOutlet(named: "what it means for you"))
    }

    /// Feeds are often named after their section: the outlet is the name before it.
    func testAFeedsSectionIsNoPartOfTheOutletsName() {
        XCTAssertEqual(bundled.score(sourceKey: "unlisted.example", sourceName: "Fox News - Politics"), 11)
        XCTAssertEqual(bundled.score(sourceKey: "unlisted.example", sourceName: "Daily Nation | Business"), 15)
    }

    func testAnOperatorTableReplacesTheShippedOneThroughTheEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("authority-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"default": 3, "outlets": [{"name": "Local Herald", "hosts": ["herald.example"], "score": 17}]}"#.utf8)
            .write(to: file)
        let table = try SourceAuthority.configured(environment: [SourceAuthority.environmentVariable: file.path])
        XCTAssertEqual(table.score(sourceKey: "herald.example", sourceName: ""), 17)
        XCTAssertEqual(table.score(sourceKey: "reuters.com", sourceName: "Reuters"), 3)
        XCTAssertEqual(try SourceAuthority.configured(environment: [:]), bundled)
    }

    func testScoresOutsideZeroToTwentyAreRejected() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("authority-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"default": 8, "outlets": [{"name": "Loud", "hosts": ["loud.example"], "score": 25}]}"#.utf8).write(to: file)
        XCTAssertThrowsError(try SourceAuthority.load(contentsOf: file)) { error in
            XCTAssertEqual(error as? SourceAuthority.LoadError, .scoreOutOfRange(outlet: "Loud", score: 25))
        }
    }

    func testAMissingOperatorFileFailsInsteadOfFallingBack() {
        XCTAssertThrowsError(try SourceAuthority.configured(environment: [SourceAuthority.environmentVariable: "/nonexistent/a.json"]))
    }
}
