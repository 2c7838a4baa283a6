import Foundation
import TestHTTPClients
import HTTPServer
@testable import HealthLogAPI
import Storage
import XCTest

/// Withings Notify callbacks (contract §8) over real HTTP: the secret path segment, the HEAD
/// probe, form validation that refuses only what cannot be identified, the durable dedupe queue, the legacy `?secret=` URL and its
/// counter, and the worker that resolves queued rows to linked accounts exactly once.
final class WithingsWebhookTests: XCTestCase {
    static let secret = "whk-0123456789abcdef-secret"
    static let form = "Content-Type: application/x-www-form-urlencoded"
    static let weighing = "userid=12345&appli=1&startdate=1530576000&enddate=1530698753"

    func testTokenPathQueuesOnceAndAnswers200OnSQLite() async throws { try await queuesOnce(.sqlite) }
    func testTokenPathQueuesOnceAndAnswers200OnPostgres() async throws { try await queuesOnce(.postgres) }
    func testWrongMissingOrUnconfiguredSecretIs401AndWritesNothingOnSQLite() async throws { try await refusesWrongSecret(.sqlite) }
    func testWrongMissingOrUnconfiguredSecretIs401AndWritesNothingOnPostgres() async throws { try await refusesWrongSecret(.postgres) }
    func testHeadProbeIs200OnlyWithTheSecretOnSQLite() async throws { try await headProbe(.sqlite) }
    func testHeadProbeIs200OnlyWithTheSecretOnPostgres() async throws { try await headProbe(.postgres) }
    func testOnlyUnidentifiableNotificationsAreRefusedAndCountedOnSQLite() async throws { try await validation(.sqlite) }
    func testOnlyUnidentifiableNotificationsAreRefusedAndCountedOnPostgres() async throws { try await validation(.postgres) }
    func testLegacySecretQueryWorksAndIsCountedInMetricsOnSQLite() async throws { try await legacy(.sqlite) }
    func testLegacySecretQueryWorksAndIsCountedInMetricsOnPostgres() async throws { try await legacy(.postgres) }
    func testWorkerResolvesLinkedAndUnlinkedUsersOnSQLite() async throws { try await resolves(.sqlite) }
    func testWorkerResolvesLinkedAndUnlinkedUsersOnPostgres() async throws { try await resolves(.postgres) }
    func testConcurrentWorkersTakeEachRowExactlyOnceOnSQLite() async throws { try await concurrentClaims(.sqlite) }
    func testConcurrentWorkersTakeEachRowExactlyOnceOnPostgres() async throws { try await concurrentClaims(.postgres) }

    func testASecretShorterThan16CharactersStopsStartUp() async throws {
        do {
            _ = try await HealthLogHarness.start(self, .sqlite, environment: [WithingsWebhookSettings.secretVariable: "short"])
            XCTFail("a 5-character secret was accepted")
        } catch is WithingsWebhookSettings.SecretTooShort {}
    }

    private func start(_ backend: TestBackend, secret: String? = WithingsWebhookTests.secret) async throws -> HealthLogHarness {
        try await HealthLogHarness.start(self, backend, environment: secret.map { [WithingsWebhookSettings.secretVariable: $0] } ?? [:])
    }

    private func post(_ harness: HealthLogHarness, _ path: String, _ body: String, contentType: String = WithingsWebhookTests.form) throws -> HTTPResult {
        try http("POST", harness.url + path, headers: [contentType], body: body)
    }

    private func notifications(_ harness: HealthLogHarness) async throws -> [Row] {
        try await harness.database.read { try $0.query("SELECT * FROM withings_notifications ORDER BY received_at, id") }
    }

    private func queuesOnce(_ backend: TestBackend) async throws {
        let harness = try await start(backend)
        let first = try post(harness, "/api/withings/webhook/\(Self.secret)", Self.weighing)
        XCTAssertEqual(first.status, 200, first.body)
        XCTAssertEqual(first.data["status"] as? String, "queued")
        let retry = try post(harness, "/api/withings/webhook/\(Self.secret)", Self.weighing)
        XCTAssertEqual(retry.status, 200, retry.body)
        XCTAssertEqual(retry.data["status"] as? String, "duplicate")
        let rows = try await notifications(harness)
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(try rows.first?.decode(Int64.self, "withings_user_id"), 12345)
        XCTAssertEqual(try rows.first?.decode(Int64.self, "startdate"), 1_530_576_000)
        XCTAssertEqual(try rows.first?.decode(Int64.self, "enddate"), 1_530_698_753)
        // Another window of the same user and category is a new notification.
        let later = try post(harness, "/api/withings/webhook/\(Self.secret)", "userid=12345&appli=1&startdate=1530698754&enddate=1530700000")
        XCTAssertEqual(later.data["status"] as? String, "queued")
        let count = try await notifications(harness).count
        XCTAssertEqual(count, 2)
    }

    private func refusesWrongSecret(_ backend: TestBackend) async throws {
        let harness = try await start(backend)
        for path in ["/api/withings/webhook/wrong-secret-0123456789", "/api/withings/webhook/\(Self.secret)x",
                     "/api/withings/webhook?secret=wrong-secret-0123456789", "/api/withings/webhook"] {
            let refused = try post(harness, path, Self.weighing)
            XCTAssertEqual(refused.status, 401, path)
            XCTAssertEqual(refused.errorCode, "withings.webhook.unauthorized", path)
        }
        let written = try await notifications(harness).count
        XCTAssertEqual(written, 0)

        let unconfigured = try await start(backend, secret: nil)
        for path in ["/api/withings/webhook/\(Self.secret)", "/api/withings/webhook/x", "/api/withings/webhook?secret=\(Self.secret)"] {
            let refused = try post(unconfigured, path, Self.weighing)
            XCTAssertEqual(refused.status, 401, "no secret configured must refuse \(path)")
        }
        XCTAssertEqual(try head(unconfigured.url + "/api/withings/webhook/\(Self.secret)"), 401)
        let none = try await notifications(unconfigured).count
        XCTAssertEqual(none, 0)
    }

    private func headProbe(_ backend: TestBackend) async throws {
        let harness = try await start(backend)
        XCTAssertEqual(try head(harness.url + "/api/withings/webhook/\(Self.secret)"), 200)
        XCTAssertEqual(try head(harness.url + "/api/withings/webhook/not-the-secret-at-all"), 401)
    }

    private func validation(_ backend: TestBackend) async throws {
        let harness = try await start(backend)
        let path = "/api/withings/webhook/\(Self.secret)"
        let refusals: [(String, String)] = [
            ("userid=abc&appli=1&startdate=1&enddate=2", "userid"),
            ("appli=1&startdate=1&enddate=2", "userid"),
            ("userid=12345&startdate=1&enddate=2", "appli"),
            ("userid=12345&appli=x1&startdate=1&enddate=2", "appli"),
            ("userid=12345&appli=1&appli=4&startdate=1&enddate=2", "appli"),
            ("userid=12345&appli=1", "startdate"),
            ("userid=12345&appli=44&startdate=1", "enddate"),
            ("userid=12345&appli=4&startdate=20&enddate=10", "enddate"),
        ]
        for (body, field) in refusals {
            let refused = try post(harness, path, body)
            XCTAssertEqual(refused.status, 422, body)
            XCTAssertEqual(refused.errorCode, "validation.failed", body)
            XCTAssertEqual(refused.meta["path"] as? String, field, body)
        }
        let json = try post(harness, path, #"{"userid":1,"appli":1}"#, contentType: "Content-Type: application/json")
        XCTAssertEqual(json.status, 415)
        let none = try await notifications(harness).count
        XCTAssertEqual(none, 0, "nothing invalid was queued")
        XCTAssertEqual(try refusedCount(harness), refusals.count, "every refusal is visible in /metrics")

        // Withings drops a notification after hours of refused retries: a category or field
        // it adds later, or an action we have not seen, is queued (extra fields ignored).
        for body in ["userid=12345&appli=3&startdate=1&enddate=2", "userid=12345&appli=1&startdate=1&enddate=2&extra=1&callbackurl=x",
                     "userid=12345&appli=46&action=explode"] {
            let accepted = try post(harness, path, body)
            XCTAssertEqual(accepted.status, 200, body + " " + accepted.body)
            XCTAssertEqual(accepted.data["status"] as? String, "queued", body)
        }
        let unknownKinds = try await notifications(harness)
        XCTAssertEqual(try unknownKinds.map { try $0.decode(Int64.self, "appli") }.sorted(), [1, 3, 46])
        try await harness.execute("DELETE FROM withings_notifications", [])

        // Event categories carry a date (and device or action) instead of a window; two events are two rows.
        for body in ["userid=12345&appli=50&date=1530576000&deviceid=abc123", "userid=12345&appli=51&date=1530579999&deviceid=abc123",
                     "userid=12345&appli=46&action=unlink&date=2026-05-16"] {
            let accepted = try post(harness, path, body)
            XCTAssertEqual(accepted.status, 200, body + " " + accepted.body)
            XCTAssertEqual(accepted.data["status"] as? String, "queued", body)
        }
        let events = try await notifications(harness).count
        XCTAssertEqual(events, 3)
    }

    private func legacy(_ backend: TestBackend) async throws {
        let harness = try await start(backend)
        XCTAssertEqual(try legacyCount(harness), 0)
        let accepted = try post(harness, "/api/withings/webhook?secret=\(Self.secret)", Self.weighing)
        XCTAssertEqual(accepted.status, 200, accepted.body)
        XCTAssertEqual(accepted.data["status"] as? String, "queued")
        let again = try post(harness, "/api/withings/webhook?secret=\(Self.secret)", Self.weighing)
        XCTAssertEqual(again.data["status"] as? String, "duplicate")
        _ = try post(harness, "/api/withings/webhook?secret=nope-nope-nope-nope", Self.weighing)
        _ = try post(harness, "/api/withings/webhook/\(Self.secret)", "userid=1&appli=2&startdate=5&enddate=6")
        XCTAssertEqual(try legacyCount(harness), 2, "accepted legacy calls only; refused and path-form calls are not counted")
        let rows = try await notifications(harness).count
        XCTAssertEqual(rows, 2)
    }

    private func legacyCount(_ harness: HealthLogHarness) throws -> Int? {
        let metrics = try harness.metrics()
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("healthlog_withings_webhook_legacy_requests_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    private func refusedCount(_ harness: HealthLogHarness) throws -> Int? {
        let metrics = try harness.metrics()
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("healthlog_withings_webhook_refused_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    private func resolves(_ backend: TestBackend) async throws {
        let harness = try await start(backend)
        let userID = try harness.createUser("scale@example.com")
        try await harness.execute("INSERT INTO withings_accounts (withings_user_id, user_id, linked_at) VALUES ($1, $2, $3)",
                                  [.integer(777), .text(userID), .integer(1)])
        XCTAssertEqual(try post(harness, "/api/withings/webhook/\(Self.secret)", "userid=777&appli=1&startdate=10&enddate=20").status, 200)
        XCTAssertEqual(try post(harness, "/api/withings/webhook/\(Self.secret)", "userid=888&appli=4&startdate=10&enddate=20").status, 200)
        let resolved = try await eventually {
            try await self.notifications(harness).allSatisfy { try $0.decode(String.self, "status") != "queued" }
        }
        XCTAssertTrue(resolved, "the background worker resolved the queue")
        let rows = try await notifications(harness)
        let linked = try XCTUnwrap(rows.first { try $0.decode(Int64.self, "withings_user_id") == 777 })
        XCTAssertEqual(try linked.decode(String.self, "status"), "ready_to_fetch")
        XCTAssertEqual(try linked.decode(String?.self, "user_id"), userID)
        let unknown = try XCTUnwrap(rows.first { try $0.decode(Int64.self, "withings_user_id") == 888 })
        XCTAssertEqual(try unknown.decode(String.self, "status"), "unlinked")
        XCTAssertNil(try unknown.decode(String?.self, "user_id"))
    }

    /// Two workers with their own database handles (as two processes would have) work one
    /// queue: together they take every row, and no row twice.
    private func concurrentClaims(_ backend: TestBackend) async throws {
        let url = try makeDatabaseURL(backend)
        let setup = try Database.open(url: url, poolSize: 1)
        defer { setup.close() }
        _ = try await setup.migrate(HealthLogMigrations.all)
        let total = 300
        try await setup.transaction { connection in
            for index in 0..<total {
                let notification = try WithingsNotification(fields: ["userid": .integer(Int64(index + 1)), "appli": 1,
                                                                     "startdate": 1, "enddate": 2])
                _ = try WithingsNotificationQueue.enqueue(notification, now: 1, on: connection)
            }
        }
        let first = try Database.open(url: url, poolSize: 2), second = try Database.open(url: url, poolSize: 2)
        defer { first.close(); second.close() }
        let logger = Logger(minimumLevel: .error, sink: MemoryLogSink())
        let workers = [WithingsNotificationWorker(database: first, logger: logger, batchSize: 400),
                       WithingsNotificationWorker(database: second, logger: logger, batchSize: 400)]
        let taken = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in workers { group.addTask { try await worker.resolveQueued(now: 5) } }
            return try await group.reduce(0, +)
        }
        XCTAssertEqual(taken, total, "each row taken by exactly one worker")
        let queued = try await setup.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM withings_notifications WHERE status = 'queued'") }
        XCTAssertEqual(try queued?.decode(Int64.self, "n"), 0)
    }
}

/// The status of a `HEAD` request (curl's `-I`, which reads no body whatever the headers say).
func head(_ url: String) throws -> Int {
    let bytes = try Subprocess.run("/usr/bin/curl", ["-s", "-I", "-o", "/dev/null", "-w", "%{http_code}", url]).output
    return Int(String(decoding: bytes, as: UTF8.self)) ?? 0
}
