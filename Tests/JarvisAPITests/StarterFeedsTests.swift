import FeedFetching
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import JarvisAPI

/// The starter list the README tells a newcomer to import (`docs/jarvis/starter-feeds.opml`):
/// Jarvis's own OPML reader reads it, every subscription passes the checks `POST /feeds` and
/// `jarvis feeds import` apply, and every URL is https on a public name of the outlet's. Names
/// are judged without a DNS lookup: the test never reaches out.
final class StarterFeedsTests: XCTestCase {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/jarvis/starter-feeds.opml")

    /// Names that resolve only inside a network or never: special-use names (RFC 6761, 6762,
    /// 8375) and the suffixes private networks commonly use.
    static let privateSuffixes = ["localhost", "local", "internal", "intranet", "lan", "home", "home.arpa", "corp",
                                  "test", "example", "invalid", "arpa", "onion"]

    func testEverySubscriptionIsAPublicHTTPSFeedTheImportAccepts() throws {
        let subscriptions = try OPMLDocument.subscriptions(in: Data(contentsOf: Self.file))
        XCTAssertTrue((20...30).contains(subscriptions.count), "\(subscriptions.count) feeds")
        XCTAssertEqual(Set(subscriptions.map(\.url)).count, subscriptions.count, "a feed is listed twice")
        XCTAssertEqual(Set(subscriptions.map(\.name)).count, subscriptions.count, "two feeds share a name")
        // Only an address literal counts as an address here; a name is never looked up.
        let literalsOnly: (String) -> [[UInt8]] = { host in NetworkRange(host).map { [$0.prefix] } ?? [] }
        for subscription in subscriptions {
            let request = NewFeedRequest(url: subscription.url, name: subscription.name, pollIntervalSeconds: nil)
            let (url, _, _) = try request.validated()
            XCTAssertEqual(url.scheme, "https", subscription.url)
            XCTAssertNil(url.user, subscription.url)
            XCTAssertNil(url.port, subscription.url)
            let host = try XCTUnwrap(url.host, subscription.url).lowercased()
            XCTAssertNil(NetworkRange(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))), "\(host) is an address, not a name")
            XCTAssertEqual(DestinationPolicy().verdict(for: url, resolve: literalsOnly), .unresolved, subscription.url)
            XCTAssertGreaterThanOrEqual(host.split(separator: ".").count, 2, "\(host) is not a public name")
            XCTAssertFalse(Self.privateSuffixes.contains { host == $0 || host.hasSuffix("." + $0) }, "\(host) is not a public name")
        }
    }

    /// One section per desk, each with several outlets, and every feed in a section.
    func testEachDeskHasASectionOfSeveralFeeds() throws {
        let sections = try DeskSections.read(Data(contentsOf: Self.file))
        XCTAssertEqual(sections.map(\.name), ["Finance", "Tech", "Politics", "Africa"])
        for section in sections { XCTAssertGreaterThanOrEqual(section.feeds, 5, section.name) }
        let listed = try OPMLDocument.subscriptions(in: Data(contentsOf: Self.file)).count
        XCTAssertEqual(sections.reduce(0) { $0 + $1.feeds }, listed, "every feed is in a desk's section")
    }
}

/// The top-level outlines of an OPML body and how many feeds each holds.
private final class DeskSections: NSObject, XMLParserDelegate {
    private(set) var sections: [(name: String, feeds: Int)] = []
    private var depth = 0

    static func read(_ data: Data) throws -> [(name: String, feeds: Int)] {
        let reader = DeskSections()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reader.sections
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard elementName == "outline" else { return }
        depth += 1
        if depth == 1 {
            sections.append((attributes["text"] ?? "", 0))
        } else if attributes["xmlUrl"] != nil, !sections.isEmpty {
            sections[sections.count - 1].feeds += 1
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "outline" { depth -= 1 }
    }
}
