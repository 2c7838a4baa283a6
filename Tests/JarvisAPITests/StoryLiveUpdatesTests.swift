import Foundation
import HTTPServer
import Synchronization
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// Story events on `GET /ws` as articles land: `story.created`, then `story.updated` carrying
/// the three fields the app needs, `story.stale` when a story goes quiet — and, with several
/// server processes on one PostgreSQL database, on the sockets of every process.
final class StoryLiveUpdatesTests: XCTestCase {
    private static let fastPing = ["JARVIS_WS_PING_SECONDS": "0.5"]

    private func storyEvents(_ log: String, type: String) throws -> [AppStoryEvent] {
        try log.split(separator: "\n").filter { $0.contains("\"\(type)\"") }.map {
            try AppDecoding.decode(AppStoryEvent.self, from: String($0))
        }
    }

    func testNewArticlesPushStoryCreatedThenStoryUpdated() async throws {
        let jarvis = try await RunningJarvis(environment: Self.fastPing)
        let newsroom = try Newsroom()
        let client = StoryTestClient(jarvis: jarvis)
        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.created", "story.updated"])
        // Two outlets of the same event, one after the other: the second updates the story.
        let event = try XCTUnwrap(newsroom.manifest.events.first { Set($0.items.map(\.file)).count >= 2 })
        let files = Array(Set(event.items.map(\.file))).sorted()
        try client.subscribe(newsroom, outlets: newsroom.manifest.outlets.filter { $0.file == files[0] })
        _ = eventually(StoryTestClient.patienceSeconds) { socket.log.contains("story.created") }
        try client.subscribe(newsroom, outlets: newsroom.manifest.outlets.filter { $0.file == files[1] })

        let (succeeded, log) = socket.finish(within: 60)
        XCTAssertTrue(succeeded, log)
        let updates = try storyEvents(log, type: "story.updated")
        XCTAssertFalse(updates.isEmpty, log)
        for update in updates {
            XCTAssertNotNil(update.storyId, log)
            XCTAssertNotNil(update.signalScore, log)
            XCTAssertNotNil(update.sourceCount, log)
        }
        await jarvis.stop()
        await newsroom.stop()
    }

    /// The app's feed lists only stories on a desk: a football match (no desk) is never announced,
    /// while the stories of the same outlets that are listed are (a fifth reader's audit saw
    /// `story.created` for sport and celebrity stories, each a refetch for nothing).
    func testOnlyStoriesInTheFeedAreAnnounced() async throws {
        let jarvis = try await RunningJarvis(environment: Self.fastPing)
        let newsroom = try Newsroom()
        let client = StoryTestClient(jarvis: jarvis)
        // Awaiting a `story.stale` that never comes keeps the client listening: it would otherwise
        // leave at its first `story.created` and a ping, before the other stories' announcements.
        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.created", "story.stale"])
        let football = try XCTUnwrap(newsroom.manifest.events.first { $0.id == "football" })
        let files = Set(football.items.map(\.file))
        let outlets = newsroom.manifest.outlets.filter { files.contains($0.file) }
        try client.subscribe(newsroom, outlets: outlets)
        let match = try XCTUnwrap(football.items.first)
        let outlet = try XCTUnwrap(newsroom.manifest.outlets.first { $0.file == match.file })
        try await client.waitForClustering(articles: newsroom.articleCount(outlets: outlets))
        let placed = try await client.placement(source: outlet.name, guidOrLink: match.guidOrLink)
        let listed = try client.allStories()
        XCTAssertTrue(eventually(10) { Set((try? self.storyEvents(socket.log, type: "story.created"))?.compactMap(\.storyId) ?? []).count >= listed.count })

        let log = socket.finish(within: 1).log
        XCTAssertFalse(log.contains("story.stale"), log)
        let announced = Set(try storyEvents(log, type: "story.created").compactMap(\.storyId))
        XCTAssertFalse(listed.isEmpty, "the outlets' other stories are listed")
        XCTAssertEqual(announced, Set(listed.map(\.id)), "exactly the listed stories are announced: \(log)")
        XCTAssertFalse(announced.contains(try XCTUnwrap(placed?.storyID)), "the match is not announced")
        await jarvis.stop()
        await newsroom.stop()
    }

    /// The server's clock moves past the staleness (a day) once the story is listed, so the story goes quiet at the
    /// next sweep: no staleness of seconds that a slow round could outlast before the story was ever listed.
    func testAStoryWithNoNewArticleLeavesTheFeed() async throws {
        let ahead = Mutex<Double>(0)
        let jarvis = try await RunningJarvis(environment: Self.fastPing.merging(["JARVIS_STORY_SWEEP_SECONDS": "1"]) { $1 },
                                             clock: { Date().addingTimeInterval(ahead.withLock { $0 }) })
        let site = try FreshNewsSite()
        let client = StoryTestClient(jarvis: jarvis)
        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.created", "story.stale"])
        let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                                #"{"url":"\#(site.feedURL)","name":"Fresh Wire","pollIntervalSeconds":900}"#, jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        XCTAssertTrue(eventually(StoryTestClient.patienceSeconds) { ((try? client.stories().page.total) ?? 0) > 0 },
                      "the fresh story was never listed")
        XCTAssertTrue(eventually(StoryTestClient.patienceSeconds) { socket.log.contains("story.created") }, socket.log)
        ahead.withLock { $0 = StoryWorker.Settings().staleAfterSeconds + 60 }

        let (succeeded, log) = socket.finish(within: StoryTestClient.patienceSeconds)
        XCTAssertTrue(succeeded, log)
        let stale = try storyEvents(log, type: "story.stale")
        let id = try XCTUnwrap(stale.first?.storyId, "story.stale carries the storyId: \(log)")
        XCTAssertTrue(try storyEvents(log, type: "story.created").contains { $0.storyId == id }, "the story created is the one gone stale")
        XCTAssertEqual(try client.stories().page.total, 0, "a stale story is no longer listed")
        XCTAssertEqual(try curl([jarvis.url + "/stories/\(id)"]).status, 200, "but it still resolves")
        await jarvis.stop()
        await site.stop()
    }

    func testEventsReachTheClientsOfEveryProcessSharingPostgreSQL() async throws {
        let url = try makePostgresSchemaURL(prefix: "jarvis_ws")
        let first = try await RunningJarvis(environment: Self.fastPing, databaseURL: url)
        let second = try await RunningJarvis(environment: Self.fastPing, databaseURL: url)
        let newsroom = try Newsroom()
        let onFirst = try LiveUpdatesClient(port: first.server.port, awaiting: ["story.created"])
        let onSecond = try LiveUpdatesClient(port: second.server.port, awaiting: ["story.created"])
        // Only one process holds the clustering lease; both sockets must hear its stories.
        try StoryTestClient(jarvis: first).subscribe(newsroom, outlets: Array(newsroom.manifest.outlets.prefix(2)))

        let (firstHeard, firstLog) = onFirst.finish(within: 60)
        let (secondHeard, secondLog) = onSecond.finish(within: 30)
        XCTAssertTrue(firstHeard, firstLog)
        XCTAssertTrue(secondHeard, secondLog)
        let listedByFirst = try StoryTestClient(jarvis: first).stories("?limit=100").page.data.map(\.id)
        let listedBySecond = try StoryTestClient(jarvis: second).stories("?limit=100").page.data.map(\.id)
        XCTAssertEqual(listedByFirst, listedBySecond, "both processes serve the same stories")
        await first.stop()
        await second.stop()
        await newsroom.stop()
    }
}

/// A one-item feed dated now, for tests about time passing.
final class FreshNewsSite: Sendable {
    private let server: HTTPServer
    var feedURL: String { "http://127.0.0.1:\(server.port)/feed" }

    init() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let rss = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Fresh Wire</title><link>http://127.0.0.1/</link>
            <item><guid>fresh-1</guid><title>Kenya's central bank raises its policy rate to 13 percent</title>
            <link>http://127.0.0.1/fresh-1</link><pubDate>\(formatter.string(from: Date()))</pubDate>
            <description>The Central Bank of Kenya raised its benchmark rate by 50 basis points to 13 percent on Monday, \
            citing inflation.</description></item>
            </channel></rss>
            """
        var router = Router()
        router.get("/feed") { _ in .bytes(Array(rss.utf8), contentType: "application/rss+xml; charset=utf-8") }
        server = try LoopbackSite.start(router)
    }

    func stop() async { await server.shutdown() }
}
