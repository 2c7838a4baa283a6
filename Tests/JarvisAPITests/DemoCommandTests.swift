import FeedFetching
import Foundation
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `jarvis demo` as a newcomer runs it: the real executable on a free port, with no network
/// allowed beyond what the demo allows itself, on its own scratch database. Stories from the
/// bundled newsroom reach `/stories` and decode exactly as the iOS app decodes them.
final class DemoCommandTests: XCTestCase {
    func testDemoListsStoriesFromTheBundledNewsroom() async throws {
        // The demo's scratch database goes to the temporary directory it is given, where the test can watch
        // the rounds: it waits while articles are being stored and placed, however slow the machine.
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let demo = try ServiceProcess("jarvis", command: "demo", arguments: ["--no-access-log"],
                                      environment: [DestinationPolicy.environmentName: "", "TMPDIR": temporary.path])
        let newsroom = try JSONDecoder().decode(Newsroom.Manifest.self,
                                                from: Data(contentsOf: Newsroom.directory.appendingPathComponent("manifest.json")))
        let scratch = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: temporary.path).first { $0.hasPrefix("jarvis-demo-") },
                                    "the demo's scratch directory")
        try await StoryTestClient.waitForClustering(databaseURL: temporary.appendingPathComponent(scratch).appendingPathComponent("jarvis.sqlite").path,
                                                    articles: newsroom.singletons.count + newsroom.events.flatMap(\.items).count)
        let answer = try curl([demo.url + "/stories?limit=100"])
        XCTAssertEqual(answer.status, 200, answer.body)
        let stories = try AppDecoding.decode(AppPaginatedStories.self, from: answer.body).data
        XCTAssertFalse(stories.isEmpty, "no story once the newsroom was placed: \(demo.log.suffix(30).joined(separator: "\n"))")
        XCTAssertTrue(stories.contains { $0.sourceCount > 1 }, "an event several outlets reported is one story: \(stories.map(\.headline))")

        let feeds = try AppDecoding.decode(AppFeedList.self, from: try curl([demo.url + "/feeds"]).body).data
        XCTAssertEqual(feeds.count, newsroom.outlets.count)
        XCTAssertTrue(feeds.allSatisfy { $0.url.hasPrefix("http://127.0.0.1:") }, "\(feeds.map(\.url))")
        XCTAssertTrue(demo.log.contains { $0.contains("\(demo.url)/stories") }, "says where to look: \(demo.log.suffix(10))")
        XCTAssertTrue(demo.log.contains { $0.contains("ws://127.0.0.1:\(demo.port)/ws") }, "\(demo.log.suffix(10))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: demo.directory.appendingPathComponent("data").path),
                       "the demo leaves serve's database alone")
        XCTAssertEqual(demo.terminate(), 0)
    }
}
