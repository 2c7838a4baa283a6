import Foundation
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// Resuming `GET /ws` on SQLite, where the process numbers its events and keeps the recent ones
/// in memory (`RecentEvents`): a client that reconnects with the last `id` it saw is sent
/// every event it missed, then live ones, none twice; a number not kept gets a resync.
final class LiveResumeTests: XCTestCase {
    /// A feed nobody answers for turns failing at its first fetch: one `feed.health` per feed.
    private static let environment = ["JARVIS_FEED_FAILING_AFTER": "1", "JARVIS_WS_PING_SECONDS": "0.3"]

    private func raiseFeedHealth(_ jarvis: RunningJarvis, _ name: String) throws -> String {
        let created = try curl(["-X", "POST", "-d", #"{"url":"http://127.0.0.1:9/\#(name).xml","name":"\#(name)","pollIntervalSeconds":60}"#,
                                jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        return try AppDecoding.decode(AppFeed.self, from: created.body).id
    }

    func testAClientThatReconnectsWithItsLastIDIsSentWhatItMissedThenLiveEvents() async throws {
        let jarvis = try await RunningJarvis(environment: Self.environment)
        addTeardownBlock { await jarvis.stop() }
        // Awaiting a type that never comes keeps each client connected until it is finished.
        let observer = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["never"])
        let app = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["never"])
        let seen = try raiseFeedHealth(jarvis, "seen")
        XCTAssertTrue(eventually(10) { app.feedHealthIDs == [seen] }, app.log)
        let lastID = try XCTUnwrap(app.events.last?["id"] as? Int, app.log)
        _ = app.finish(within: 0)  // the app goes away

        let missed = [try raiseFeedHealth(jarvis, "missed-1"), try raiseFeedHealth(jarvis, "missed-2")]
        XCTAssertTrue(eventually(10) { observer.feedHealthIDs == [seen] + missed }, observer.log)
        let back = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["never"], query: "?lastEventId=\(lastID)")
        XCTAssertTrue(eventually(10) { back.feedHealthIDs == missed }, back.log)
        let live = try raiseFeedHealth(jarvis, "live")
        XCTAssertTrue(eventually(10) { back.feedHealthIDs == missed + [live] }, back.log)
        XCTAssertEqual(back.events.compactMap { $0["id"] as? Int }, Array(lastID + 1 ... lastID + 3), back.log)
        XCTAssertEqual(back.events.map { $0["type"] as? String }, Array(repeating: "feed.health", count: 3), "nothing but the events")

        // The same through the `Last-Event-ID` header.
        let viaHeader = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["never"], lastEventIDHeader: "\(lastID)")
        XCTAssertTrue(eventually(10) { viaHeader.feedHealthIDs == missed + [live] }, viaHeader.log)
        for client in [observer, back, viaHeader] { _ = client.finish(within: 0) }
    }

    func testANumberThisServerDoesNotKeepGetsAResync() async throws {
        let jarvis = try await RunningJarvis(environment: Self.environment)
        addTeardownBlock { await jarvis.stop() }
        // A number from before this process started (its numbers count on from its start
        // time), and no number at all.
        for query in ["?lastEventId=7", "?lastEventId=soon", "?lastEventId=-1"] {
            let client = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["never"], query: query)
            XCTAssertTrue(eventually(10) { !client.events.isEmpty }, client.log)
            XCTAssertEqual(client.events.first?["type"] as? String, "resync", "\(query): \(client.log)")
            _ = client.finish(within: 0)
        }
    }

    /// The memory keeps the last `capacity` events: a number before them resyncs.
    func testRecentEventsKeepsTheLastEventsOnly() {
        let recent = RecentEvents(startingAfter: 0)
        XCTAssertEqual(recent.missed(after: 0), .events([]))
        let total = Int64(RecentEvents.capacity) + 10
        for index in 1 ... total { _ = recent.number(.storyStale(storyId: "s\(index)")) }
        XCTAssertEqual(recent.missed(after: total), .events([]))
        XCTAssertEqual(recent.missed(after: total + 1), .resync, "a number not given yet")
        XCTAssertEqual(recent.missed(after: 10), .events((11 ... total).map { NumberedEvent(id: $0, event: .storyStale(storyId: "s\($0)")) }),
                       "the oldest kept is 11: after 10, nothing is missing")
        XCTAssertEqual(recent.missed(after: 9), .resync, "event 10 is forgotten")
    }

    /// A restarted process numbers on from its start time: above every number of the run before.
    func testARestartedProcessNumbersAboveThePreviousRun() {
        let startedAt = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let restarted = RecentEvents()
        let first = restarted.number(.storyStale(storyId: "after-restart"))
        XCTAssertGreaterThan(first.id ?? 0, startedAt)
        XCTAssertEqual(restarted.missed(after: 7), .resync, "a number of the previous run")
    }
}
