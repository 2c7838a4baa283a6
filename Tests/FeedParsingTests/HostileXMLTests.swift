import FeedParsing
import Foundation
import XCTest

/// Documents built to hurt a parser are refused or defused, quickly and without side effects.
final class HostileXMLTests: XCTestCase {
    func testBillionLaughsIsRefusedWithoutExpanding() throws {
        var declarations = #"<!ENTITY lol0 "lollollollollollollollollollol">"#
        for level in 1...9 {
            let previous = String(repeating: "&lol\(level - 1);", count: 10)
            declarations += "\n<!ENTITY lol\(level) \"\(previous)\">"
        }
        let document = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [\(declarations)]>
        <rss version="2.0"><channel><title>&lol9;</title><item><title>x</title></item></channel></rss>
        """
        let started = Date()
        XCTAssertThrowsError(try FeedFixtures.parse(document)) { error in
            XCTAssertEqual(error as? FeedParseError, .entityExpansion)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "expansion must be cut off, not computed")
    }

    func testQuadraticBlowupIsRefused() throws {
        let big = String(repeating: "A", count: 50_000)
        let references = String(repeating: "&big;", count: 2_000)
        let document = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY big "\(big)">]>
        <rss version="2.0"><channel><title>t</title><item><description>\(references)</description></item></channel></rss>
        """
        XCTAssertThrowsError(try FeedFixtures.parse(document)) { error in
            XCTAssertEqual(error as? FeedParseError, .entityExpansion)
        }
    }

    func testExternalEntityIsNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("feed-xxe-\(UUID().uuidString).txt")
        try "TOP-SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        for target in [secret.absoluteString, "file:///etc/passwd"] {
            let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "\(target)">]>
            <rss version="2.0"><channel><title>Feed &xxe;</title>
            <item><title>Item &xxe;</title><description>Body &xxe;</description></item></channel></rss>
            """
            let feed = try FeedFixtures.parse(document)
            let everything = [feed.title, feed.entries.first?.title ?? "", feed.entries.first?.bodyText ?? ""].joined()
            XCTAssertFalse(everything.contains("TOP-SECRET"), "entity content leaked from \(target)")
            XCTAssertFalse(everything.contains("root:"), "/etc/passwd leaked")
            XCTAssertEqual(feed.entries.first?.bodyText, "Body")
        }
    }

    func testExternalDTDIsNotLoaded() throws {
        let dtd = FileManager.default.temporaryDirectory.appendingPathComponent("feed-dtd-\(UUID().uuidString).dtd")
        try #"<!ENTITY leak "LEAKED-FROM-DTD">"#.write(to: dtd, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dtd) }
        let document = """
        <?xml version="1.0"?>
        <!DOCTYPE rss SYSTEM "\(dtd.absoluteString)">
        <rss version="2.0"><channel><title>T &leak;</title></channel></rss>
        """
        let feed = try FeedFixtures.parse(document)
        XCTAssertFalse(feed.title.contains("LEAKED"))
    }

    func testDeepNestingIsRefused() {
        let depth = 5_000
        let document = "<rss version=\"2.0\"><channel>" + String(repeating: "<x>", count: depth)
            + String(repeating: "</x>", count: depth) + "</channel></rss>"
        XCTAssertThrowsError(try FeedFixtures.parse(document)) { error in
            XCTAssertEqual(error as? FeedParseError, .tooDeep(limit: FeedParser.Limits.standard.maxDepth))
        }
    }

    func testOversizedInputIsRefusedBeforeParsing() {
        let limits = FeedParser.Limits(maxInputBytes: 1_000)
        let document = Array(FeedFixtures.rssItem(String(repeating: "<title>x</title>", count: 200)).utf8)
        XCTAssertThrowsError(try FeedFixtures.parse(bytes: document, limits: limits)) { error in
            XCTAssertEqual(error as? FeedParseError, .tooLarge(bytes: document.count, limit: 1_000))
        }
        XCTAssertEqual(FeedParser.Limits.standard.maxInputBytes, 10 * 1024 * 1024)
    }

    func testTruncatedDocumentKeepsWhatWasReadBeforeTheBreak() throws {
        let feed = try FeedFixtures.parse(#"<rss version="2.0"><channel><title>Cut</title><item><title>Whole</title></item><item><title>Ha"#)
        XCTAssertEqual(feed.title, "Cut")
        XCTAssertEqual(feed.entries.first?.title, "Whole")
    }

    func testNonXMLIsRejectedAsMalformed() {
        XCTAssertThrowsError(try FeedFixtures.parse(#"{"error": "this is JSON, not a feed"}"#)) { error in
            guard case .malformed = error as? FeedParseError else { return XCTFail("got \(error)") }
        }
    }
}
