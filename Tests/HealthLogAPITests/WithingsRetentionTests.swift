import Foundation
import HTTPServer
@testable import HealthLogAPI
import Storage
import XCTest

/// The hourly `RetentionPruner` also clears the Withings notification queue: rows the worker
/// resolved (`ready_to_fetch`, `unlinked`) more than 30 days ago go; newer ones and rows still
/// `queued` stay.
final class WithingsRetentionTests: XCTestCase {
    static let secret = "whk-0123456789abcdef-secret"
    static let day: Int64 = 24 * 3600

    func testResolvedNotificationsOlderThan30DaysArePrunedOnSQLite() async throws { try await prune(.sqlite) }
    func testResolvedNotificationsOlderThan30DaysArePrunedOnPostgres() async throws { try await prune(.postgres) }

    private func prune(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend, environment: [WithingsWebhookSettings.secretVariable: Self.secret])
        let user = try harness.createUser("scale@example.com")
        try await harness.execute("INSERT INTO withings_accounts (withings_user_id, user_id, linked_at) VALUES (111, $1, 1)", [.text(user)])
        // Linked (111) and unlinked (222) users; startdate tells the notifications apart.
        let ages: [(withingsUser: Int, start: Int, resolvedDaysAgo: Int64)] = [(111, 1, 31), (222, 2, 31), (111, 3, 29), (222, 4, 29)]
        for notification in ages {
            let body = "userid=\(notification.withingsUser)&appli=1&startdate=153057600\(notification.start)&enddate=1530698753"
            let answer = try http("POST", harness.url + "/api/withings/webhook/\(Self.secret)",
                                  headers: ["Content-Type: application/x-www-form-urlencoded"], body: body)
            XCTAssertEqual(answer.status, 200, answer.body)
        }
        let logger = Logger(minimumLevel: .error, sink: MemoryLogSink())
        _ = try await WithingsNotificationWorker(database: harness.database, logger: logger).resolveQueued(now: Clock.now())
        let now = Clock.now()
        for notification in ages {
            try await harness.execute("UPDATE withings_notifications SET resolved_at = $1, received_at = $1 WHERE startdate = $2",
                                      [.integer(now - notification.resolvedDaysAgo * Self.day),
                                       .integer(Int64("153057600\(notification.start)")!)])
        }
        let statuses = try await rows(harness)
        XCTAssertEqual(statuses.filter { $0.status == "ready_to_fetch" }.count, 2, "\(statuses)")
        XCTAssertEqual(statuses.filter { $0.status == "unlinked" }.count, 2, "\(statuses)")
        // Never resolved, received long ago: still waiting for the worker, so it stays.
        try await harness.execute("""
            INSERT INTO withings_notifications (id, withings_user_id, appli, startdate, enddate, event, status, received_at)
            VALUES ('waiting', 333, 1, 1530576009, 1530698753, '', 'queued', $1)
            """, [.integer(now - 90 * Self.day)])

        try await RetentionPruner(database: harness.database, logger: logger).prune(now: now)

        let left = try await rows(harness)
        XCTAssertEqual(left.map(\.start).sorted(), [1_530_576_003, 1_530_576_004, 1_530_576_009], "\(left)")
        XCTAssertEqual(Set(left.filter { $0.start != 1_530_576_009 }.map(\.status)), ["ready_to_fetch", "unlinked"])
    }

    private func rows(_ harness: HealthLogHarness) async throws -> [(start: Int64, status: String)] {
        try await harness.database.read { connection in
            try connection.query("SELECT startdate, status FROM withings_notifications ORDER BY startdate").map {
                (try $0.decode(Int64.self, "startdate"), try $0.decode(String.self, "status"))
            }
        }
    }
}
