import Foundation
import HTTPServer
import Storage
import Synchronization
import TestDatabaseSupport
import XCTest
@testable import JarvisAPI

/// With PostgreSQL, an event raised while a process's listener is away (its connection
/// dropped) still reaches that process's WebSocket clients once the listener is back
/// (`LiveEventJournal`), and nothing is delivered twice.
final class LiveEventJournalTests: XCTestCase {
    private static let listenerSession = "listen \(LiveEvents.channel)"

    func testAnEventRaisedWhileTheListenerIsAwayReachesClientsWhenItIsBack() async throws {
        let schema = try makePostgresSchema(prefix: "jarvis_journal")
        let schemaURL = schema.url
        let (role, url) = try makePostgresRole(prefix: "jarvis_journal", schema: schema)
        let jarvis = try await RunningJarvis(environment: ["JARVIS_WS_PING_SECONDS": "0.5"], databaseURL: url)
        addTeardownBlock { await jarvis.stop() }
        let admin = try Database.open(url: try postgresServerURL(), poolSize: 1)
        // Another server process on the same database (connected as the test's superuser).
        let otherProcess = try Database.open(url: schemaURL, poolSize: 1)
        defer { otherProcess.close(); admin.close() }
        let otherEvents = LiveEvents(database: otherProcess, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        func raise(_ event: JarvisEvent) throws {
            _ = try otherProcess.transactionBlocking { try otherEvents.notify([event], at: Date(), in: $0) }
        }
        func listenerSessions() throws -> Int {
            try admin.readBlocking {
                try $0.query("SELECT count(*) AS n FROM pg_stat_activity WHERE usename = $1 AND application_name = $2",
                             [.text(role), .text(Self.listenerSession)]).first?.decode(Int.self, "n") ?? 0
            }
        }
        XCTAssertTrue(try eventually(10) { try listenerSessions() == 1 }, "the server's listener is on the channel")
        let client = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["feed.health"])
        // The listener is fully up (it has read the journal once) when an event reaches the client.
        try raise(.storyStale(storyId: "warm-up"))
        XCTAssertTrue(eventually(10) { client.log.contains("warm-up") }, client.log)

        // Keep the listener away: its role may open no new session, and its session is ended.
        try admin.writeBlocking { try $0.executeScript("ALTER ROLE \(role) CONNECTION LIMIT 0") }
        _ = try admin.writeBlocking {
            try $0.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND application_name = $2",
                         [.text(role), .text(Self.listenerSession)])
        }
        XCTAssertTrue(try eventually(10) { try listenerSessions() == 0 })
        try raise(.feedHealth(feedId: "feed-away", health: .failing, failureCount: 3))
        try await Task.sleep(nanoseconds: 1_500_000_000)  // the listener retries every second, refused
        XCTAssertFalse(client.log.contains("feed-away"), "the event cannot have arrived while the listener was away")

        try admin.writeBlocking { try $0.executeScript("ALTER ROLE \(role) CONNECTION LIMIT -1") }
        let (heard, log) = client.finish(within: 20)
        XCTAssertTrue(heard, "the event raised while away was delivered after reconnecting: \(log)")
        XCTAssertTrue(log.contains("\"feed-away\""), log)
    }

    /// An event published while the database is unreachable (a restart) is held by the relay
    /// and journaled once the database is back, not dropped.
    func testTheRelayHoldsAnEventWhileTheDatabaseIsUnreachable() async throws {
        let schema = try makePostgresSchema(prefix: "jarvis_relay")
        let (role, url) = try makePostgresRole(prefix: "jarvis_relay", schema: schema)
        let admin = try Database.open(url: try postgresServerURL(), poolSize: 1)
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close(); admin.close() }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        let log = MemoryLogSink()
        let events = LiveEvents(database: database, logger: Logger(minimumLevel: .error, sink: log))
        let relay = Task { await events.runRelay(databaseURL: url) }
        func journaled() throws -> [String] {
            try admin.readBlocking {
                try $0.query("SELECT payload FROM \(schema.name).live_events ORDER BY seq", []).map { try $0.decode(String.self, "payload") }
            }
        }
        events.publish(.storyStale(storyId: "before"))
        XCTAssertTrue(try eventually(10) { try journaled().count == 1 }, "the relay runs")

        // The database becomes unreachable for this role: no new session, the open ones ended.
        try admin.writeBlocking { try $0.executeScript("ALTER ROLE \(role) CONNECTION LIMIT 0") }
        _ = try admin.writeBlocking { try $0.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1", [.text(role)]) }
        events.publish(.storyStale(storyId: "while-down"))
        XCTAssertTrue(eventually(10) { !log.contents.isEmpty }, "the relay tried and failed")
        try admin.writeBlocking { try $0.executeScript("ALTER ROLE \(role) CONNECTION LIMIT -1") }
        XCTAssertTrue(try eventually(10) { try journaled().count == 2 }, "held, then sent: \(log.contents)")
        XCTAssertTrue(try journaled().last?.contains("while-down") == true)
        relay.cancel()
        await relay.value
    }

    func testAReplayDeliversOnlyWhatTheListenerHasNotDelivered() throws {
        let database = try Database.open(url: try makePostgresSchemaURL(prefix: "jarvis_replay"), poolSize: 1)
        defer { database.close() }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        let logger = Logger(minimumLevel: .error, sink: MemoryLogSink())
        let delivered = Mutex<[String]>([])
        let receiver = LiveEventReceiver(logger: logger) { _, json in delivered.withLock { $0.append(String(json)) } }
        let events = LiveEvents(database: database, logger: logger)
        func raise(_ feedID: String) throws -> String {
            let message = try database.transactionBlocking { connection -> String in
                _ = try events.notify([.feedHealth(feedId: feedID, health: .dead, failureCount: 9)], at: Date(), in: connection)
                return try connection.query("SELECT seq, payload FROM live_events ORDER BY seq DESC LIMIT 1", [])
                    .map { "\(try $0.decode(Int64.self, "seq")) \(try $0.decode(String.self, "payload"))" }[0]
            }
            return message
        }

        _ = try raise("before-start")
        XCTAssertTrue(try database.readBlocking { receiver.listening($0) })  // first time on the channel: starts after it
        XCTAssertEqual(delivered.withLock { $0 }, [], "what was recorded before the process listened is not replayed")

        let heardLive = try raise("heard-live")
        receiver.notified(heardLive)
        _ = try raise("missed")
        XCTAssertTrue(try database.readBlocking { receiver.listening($0) })  // back after being away
        receiver.notified(heardLive)                          // a duplicate NOTIFY changes nothing

        let feeds = delivered.withLock { $0 }.map { $0.contains("heard-live") ? "heard-live" : $0.contains("missed") ? "missed" : $0 }
        XCTAssertEqual(feeds, ["heard-live", "missed"])
        XCTAssertNil(LiveEventJournal.parse("{\"type\":\"feed.health\"}"), "a bare event has no journal number")
        receiver.notified(#"{"type":"story.stale","storyId":"from-the-previous-release"}"#)
        XCTAssertTrue(delivered.withLock { $0.last?.contains("from-the-previous-release") == true },
                      "a bare event (a process of the previous release, mid-upgrade) is still delivered")
    }

    func testAJournalBehindWhatWasDeliveredStartsAfresh() throws {
        let database = try Database.open(url: try makePostgresSchemaURL(prefix: "jarvis_failover"), poolSize: 1)
        defer { database.close() }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        let delivered = Mutex<[String]>([])
        let receiver = LiveEventReceiver(logger: Logger(minimumLevel: .error, sink: MemoryLogSink())) { _, json in
            delivered.withLock { $0.append(String(json)) }
        }
        XCTAssertTrue(try database.readBlocking { receiver.listening($0) })
        // Delivered from a primary whose last rows never reached the replica now serving.
        receiver.notified(#"1 {"type":"story.stale","storyId":"lost-with-the-old-primary"}"#)
        XCTAssertTrue(try database.readBlocking { receiver.listening($0) })
        // The new primary hands out number 1 again: a new event, not a duplicate.
        let events = LiveEvents(database: database, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        let message = try database.transactionBlocking { connection -> String in
            _ = try events.notify([.storyStale(storyId: "after-failover")], at: Date(), in: connection)
            return try connection.query("SELECT seq, payload FROM live_events ORDER BY seq DESC LIMIT 1", [])
                .map { "\(try $0.decode(Int64.self, "seq")) \(try $0.decode(String.self, "payload"))" }[0]
        }
        receiver.notified(message)
        XCTAssertEqual(delivered.withLock { $0.count }, 2, delivered.withLock { $0 }.joined(separator: "\n"))
    }

    /// The receiver remembers exactly the last `rememberedLimit` seqs it delivered, also after
    /// its memory has wrapped around more than once; older ones are forgotten.
    func testTheReceiverRemembersTheLastDeliveriesOnly() {
        let limit = Int64(LiveEventReceiver.rememberedLimit)
        let delivered = Mutex<[Int64]>([])
        let receiver = LiveEventReceiver(logger: Logger(minimumLevel: .error, sink: MemoryLogSink())) { _, json in
            delivered.withLock { $0.append(Int64(json.dropFirst(#"{"n":"#.count).dropLast()) ?? -1) }
        }
        func notify(_ seq: Int64) { receiver.notified("\(seq) {\"n\":\(seq)}") }
        let last = 2 * limit + 5
        for seq in 1...last { notify(seq) }
        XCTAssertEqual(delivered.withLock { $0 }, Array(1...last))

        for seq in (last - limit + 1)...last { notify(seq) }
        XCTAssertEqual(delivered.withLock { $0.count }, Int(last), "each of the last \(limit) deliveries is remembered")
        notify(last - limit)
        XCTAssertEqual(delivered.withLock { $0.last }, last - limit, "the one before them is forgotten")
    }
}
