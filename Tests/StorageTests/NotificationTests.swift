import Foundation
import Storage
import Synchronization
import TestDatabaseSupport
import XCTest

/// LISTEN/NOTIFY: what lets several server processes on one PostgreSQL database push the same
/// live updates.
final class NotificationTests: XCTestCase {
    func testANotificationReachesEveryListenerIncludingOnesOfOtherConnections() async throws {
        let url = try postgresServerURL()
        let channel = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let first = Mutex<[String]>([]), second = Mutex<[String]>([])
        let listenerA = try PostgresNotificationListener(url: url, channel: channel) { payload in first.withLock { $0.append(payload) } }
        let listenerB = try PostgresNotificationListener(url: url, channel: channel) { payload in second.withLock { $0.append(payload) } }
        defer { listenerA.stop(); listenerB.stop() }
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }

        try await database.notify(channel: channel, payload: #"{"type":"story.created"}"#)
        try await database.notify(channel: channel, payload: "second")

        for _ in 0..<100 where first.withLock({ $0.count }) < 2 || second.withLock({ $0.count }) < 2 {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        XCTAssertEqual(first.withLock { $0 }, [#"{"type":"story.created"}"#, "second"])
        XCTAssertEqual(second.withLock { $0 }, [#"{"type":"story.created"}"#, "second"])
    }

    func testAListenerOnAnotherChannelHearsNothing() async throws {
        let url = try postgresServerURL()
        let heard = Mutex<Int>(0)
        let listener = try PostgresNotificationListener(url: url, channel: "test_quiet_channel") { _ in heard.withLock { $0 += 1 } }
        defer { listener.stop() }
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }
        try await database.notify(channel: "test_loud_channel", payload: "x")
        try await Task.sleep(nanoseconds: 500_000_000)
        XCTAssertEqual(heard.withLock { $0 }, 0)
    }

    func testChannelNamesThatCouldInjectSQLAreRefused() throws {
        XCTAssertThrowsError(try PostgresNotificationListener(url: "postgres://127.0.0.1:1/none", channel: "x; DROP TABLE t") { _ in })
        XCTAssertThrowsError(try PostgresNotificationListener(url: "postgres://127.0.0.1:1/none", channel: "Upper") { _ in })
    }

    func testNotifyOnSQLiteIsRefusedRatherThanSilentlyDropped() async throws {
        let database = try Database.open(url: ":memory:")
        defer { database.close() }
        do {
            try await database.notify(channel: "jarvis_events", payload: "x")
            XCTFail("expected an error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.kind, .misuse)
        }
    }
}
