import FeedFetching
import Foundation
import Storage
import XCTest
@testable import JarvisAPI

final class OPMLTests: XCTestCase {
    private static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>From another reader</title></head><body>
          <outline text="World">
            <outline type="rss" text="BBC World" xmlUrl="https://feeds.example.org/world.xml"/>
            <outline type="rss" title="Tech &amp; Science" text="ignored" xmlUrl="https://example.net/tech.rss"/>
          </outline>
          <outline type="rss" text="Same again" xmlUrl="https://feeds.example.org/world.xml"/>
          <outline type="rss" text="Not a web feed" xmlUrl="ftp://example.com/feed"/>
          <outline text="Folder without feeds"/>
          <outline type="rss" text="Metadata" xmlUrl="http://169.254.169.254/latest/meta-data/"/>
          <outline type="rss" text="Mapped" xmlUrl="http://[::ffff:127.0.0.1]:8080/feed"/>
          <outline type="rss" text="Decimal" xmlUrl="http://2130706433/feed"/>
        </body></opml>
        """

    func testNestedOutlinesAreReadWithTheirNames() throws {
        let subscriptions = try OPMLDocument.subscriptions(in: Data(Self.sample.utf8))
        XCTAssertEqual(subscriptions, [
            .init(url: "https://feeds.example.org/world.xml", name: "BBC World"),
            .init(url: "https://example.net/tech.rss", name: "Tech & Science"),
            .init(url: "https://feeds.example.org/world.xml", name: "Same again"),
            .init(url: "ftp://example.com/feed", name: "Not a web feed"),
            .init(url: "http://169.254.169.254/latest/meta-data/", name: "Metadata"),
            .init(url: "http://[::ffff:127.0.0.1]:8080/feed", name: "Mapped"),
            .init(url: "http://2130706433/feed", name: "Decimal"),
        ])
    }

    /// Internal destinations are refused as `POST /feeds` refuses them, unless allowed.
    func testImportCountsDuplicatesAndInvalidAndExportRoundTrips() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("opml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in.opml")
        try Data(Self.sample.utf8).write(to: file)
        let database = try Database.open(url: directory.appendingPathComponent("j.sqlite").path)
        try await database.migrate(JarvisMigrations.all)
        let store = FeedStore(database: database)

        let report = try await FeedsCommand.importSubscriptions(from: file, into: store, destinations: DestinationCheck(policy: DestinationPolicy()))
        XCTAssertEqual(report, .init(imported: 2, duplicates: 1, invalid: 1, internalAddress: 3))
        let stored = try await store.count()
        XCTAssertEqual(stored, 2)

        let exported = OPMLDocument.render(try await store.list(now: Date()).map { .init(url: $0.url, name: $0.name) },
                                           title: "Jarvis", now: Date())
        // Both were imported within one second, so their order in the list is not meaningful.
        XCTAssertEqual(Set(try OPMLDocument.subscriptions(in: Data(exported.utf8)).map(\.url)),
                       ["https://feeds.example.org/world.xml", "https://example.net/tech.rss"])
        XCTAssertTrue(exported.contains(#"text="Tech &amp; Science""#), exported)
        database.close()
    }

    func testNonOPMLIsRefused() {
        XCTAssertThrowsError(try OPMLDocument.subscriptions(in: Data("<rss/>".utf8)))
        XCTAssertThrowsError(try OPMLDocument.subscriptions(in: Data("not xml".utf8)))
    }
}
