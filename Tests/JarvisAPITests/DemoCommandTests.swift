import FeedFetching
import Foundation
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `jarvis demo` as a newcomer runs it: the real executable on a free port, with no network
/// allowed beyond what the demo allows itself, on its own scratch database. Stories from the
/// bundled newsroom reach `/stories` and decode exactly as the iOS app decodes them.
final class DemoCommandTests: XCTestCase {
    /// The first story round reads the whole newsroom; a debug build on a busy machine is slow.
    static let storiesDeadline = 180.0

    func testDemoListsStoriesFromTheBundledNewsroom() throws {
        let demo = try ServiceProcess("jarvis", command: "demo", arguments: ["--no-access-log"],
                                      environment: [DestinationPolicy.environmentName: ""])
        let manifest = try Newsroom.directory.appendingPathComponent("manifest.json")
        let outlets = try JSONDecoder().decode(Newsroom.Manifest.self, from: Data(contentsOf: manifest)).outlets.count
        var stories: [AppStorySummary] = []
        let listed = try eventually(Self.storiesDeadline) {
            let answer = try curl([demo.url + "/stories?limit=100"])
            guard answer.status == 200 else { return false }
            stories = try AppDecoding.decode(AppPaginatedStories.self, from: answer.body).data
            return !stories.isEmpty
        }
        XCTAssertTrue(listed, "no story within \(Self.storiesDeadline) s: \(demo.log.suffix(30).joined(separator: "\n"))")
        XCTAssertTrue(stories.contains { $0.sourceCount > 1 }, "an event several outlets reported is one story: \(stories.map(\.headline))")

        let feeds = try AppDecoding.decode(AppFeedList.self, from: try curl([demo.url + "/feeds"]).body).data
        XCTAssertEqual(feeds.count, outlets)
        XCTAssertTrue(feeds.allSatisfy { $0.url.hasPrefix("http://127.0.0.1:") }, "\(feeds.map(\.url))")
        XCTAssertTrue(demo.log.contains { $0.contains("\(demo.url)/stories") }, "says where to look: \(demo.log.suffix(10))")
        XCTAssertTrue(demo.log.contains { $0.contains("ws://127.0.0.1:\(demo.port)/ws") }, "\(demo.log.suffix(10))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: demo.directory.appendingPathComponent("data").path),
                       "the demo leaves serve's database alone")
        XCTAssertEqual(demo.terminate(), 0)
    }
}
