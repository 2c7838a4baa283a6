import Foundation
import Storage
import XCTest

/// The Idempotency-Key contract shared by both batch endpoints, over real HTTP.
final class IdempotencyKeyTests: XCTestCase {
    func testReplayReturnsTheOriginalStatusAndBodyByteForByteOnSQLite() async throws { try await replay(.sqlite) }
    func testReplayReturnsTheOriginalStatusAndBodyByteForByteOnPostgres() async throws { try await replay(.postgres) }
    func testSameKeyDifferentBodyIs422OnSQLite() async throws { try await mismatch(.sqlite) }
    func testSameKeyDifferentBodyIs422OnPostgres() async throws { try await mismatch(.postgres) }
    func testKeyStillRunningIs409OnSQLite() async throws { try await inProgress(.sqlite) }
    func testKeyStillRunningIs409OnPostgres() async throws { try await inProgress(.postgres) }
    func testKeysAreScopedPerUserAndRouteOnSQLite() async throws { try await scoping(.sqlite) }
    func testKeysAreScopedPerUserAndRouteOnPostgres() async throws { try await scoping(.postgres) }
    func testRateLimitedRequestIsNotStoredOnSQLite() async throws { try await notStored(.sqlite) }
    func testRateLimitedRequestIsNotStoredOnPostgres() async throws { try await notStored(.postgres) }
    func testExpiredKeysRunAgainAndArePrunedOnSQLite() async throws { try await expiry(.sqlite) }
    func testExpiredKeysRunAgainAndArePrunedOnPostgres() async throws { try await expiry(.postgres) }

    func testMalformedKeyIs400() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        let token = try harness.bearer(for: "badkey@example.com")
        for key in [String(repeating: "k", count: 256), "two words", "\"\""] {
            let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([Samples.entry()]),
                                                      bearer: token, headers: ["Idempotency-Key": key])
            XCTAssertEqual(response.status, 400, key)
            XCTAssertEqual(response.errorCode, "idempotency.key_invalid")
        }
    }

    private func replay(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "replay@example.com")
        let body = try JSONSerialization.data(withJSONObject: Samples.batch([Samples.entry(externalId: "r1"), Samples.entry("HKNope")]))
        let key = ["Idempotency-Key": "\"\(UUID().uuidString)\""]
        let first = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: key)
        XCTAssertEqual(first.status, 200)
        XCTAssertNil(first.headers["idempotent-replayed"])
        let second = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: key)
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(second.body, first.body, "byte for byte: still `inserted`, not `duplicate`")
        XCTAssertEqual(second.headers["idempotent-replayed"], "true")
        // A stored error replays too: the same 422, byte for byte.
        let invalid = Data(#"{"entries":[],"x":1}"#.utf8), errorKey = ["Idempotency-Key": "bad-body-key"]
        let rejected = try await BatchClient.post(harness.measurementsBatchURL, body: invalid, bearer: token, headers: errorKey)
        let rejectedAgain = try await BatchClient.post(harness.measurementsBatchURL, body: invalid, bearer: token, headers: errorKey)
        XCTAssertEqual(rejected.status, 422)
        XCTAssertEqual(rejectedAgain.status, 422)
        XCTAssertEqual(rejectedAgain.body, rejected.body)
        XCTAssertEqual(rejectedAgain.headers["idempotent-replayed"], "true")
        let audits = try await harness.count("SELECT COUNT(*) FROM audit_log WHERE action = 'measurement.batch.ingest'")
        XCTAssertEqual(audits, 1, "the replay did not run the batch again")
    }

    private func mismatch(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "mismatch@example.com")
        let key = ["Idempotency-Key": "k-1"]
        let first = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([Samples.entry(externalId: "a")]),
                                               bearer: token, headers: key)
        XCTAssertEqual(first.status, 200)
        let other = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([Samples.entry(externalId: "b")]),
                                               bearer: token, headers: key)
        XCTAssertEqual(other.status, 422, other.text)
        XCTAssertEqual(other.errorCode, "idempotency.key_reused")
        let rows = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(rows, 1)
    }

    private func inProgress(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "running@example.com")
        let body = try JSONSerialization.data(withJSONObject: Samples.batch([Samples.entry()]))
        // Concurrent requests with one key: exactly one runs the batch; the others find it
        // running (409) or, once it finished, replay its answer.
        let requests = 6
        let responses = try await withThrowingTaskGroup(of: BatchResponse.self) { group in
            for _ in 0..<requests {
                group.addTask {
                    try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "same"])
                }
            }
            var all: [BatchResponse] = []
            for try await response in group { all.append(response) }
            return all
        }
        let executed = responses.filter { $0.status == 200 && $0.headers["idempotent-replayed"] == nil }
        XCTAssertEqual(executed.count, 1, "exactly one request runs the batch: \(responses.map(\.status))")
        for response in responses where response.status == 409 { XCTAssertEqual(response.errorCode, "idempotency.in_progress") }
        for response in responses where response.status == 200 { XCTAssertEqual(response.body, executed.first?.body) }
        // Deterministically: a key whose first request has not finished answers 409.
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let fingerprint = try await harness.database.read { connection in
            try connection.queryFirst("SELECT fingerprint FROM idempotency_keys")?.decode(String.self, "fingerprint")
        }
        try await harness.execute("""
            INSERT INTO idempotency_keys (user_id, method, route, key, fingerprint, state, created_at)
            VALUES ($1, 'POST', '/api/measurements/batch', 'slow', $2, 'in_progress', $3)
            """, [.text(XCTUnwrap(userID)), .text(XCTUnwrap(fingerprint)), .integer(Int64(Date().timeIntervalSince1970))])
        let running = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "slow"])
        XCTAssertEqual(running.status, 409, running.text)
        XCTAssertEqual(running.errorCode, "idempotency.in_progress")
    }

    private func scoping(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let alice = try harness.bearer(for: "alice@example.com"), bob = try harness.bearer(for: "bob@example.com")
        let key = ["Idempotency-Key": "shared"]
        let body = Samples.batch([Samples.entry(externalId: "x")])
        let forAlice = try await BatchClient.post(harness.measurementsBatchURL, json: body, bearer: alice, headers: key)
        let forBob = try await BatchClient.post(harness.measurementsBatchURL, json: body, bearer: bob, headers: key)
        XCTAssertEqual(forAlice.statuses, ["inserted"])
        XCTAssertEqual(forBob.statuses, ["inserted"], "another user's key is another key")
        XCTAssertNil(forBob.headers["idempotent-replayed"])
        let workout = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": [Samples.workout()]], bearer: alice, headers: key)
        XCTAssertEqual(workout.status, 200, "the same key on another route is another key: \(workout.text)")
        XCTAssertNil(workout.headers["idempotent-replayed"])
    }

    private func notStored(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "limited@example.com")
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let now = Int64(Date().timeIntervalSince1970)
        try await harness.execute("INSERT INTO batch_rate_limit_seconds (user_id, at_second, requests) VALUES ($1, $2, 60)",
                                  [.text(XCTUnwrap(userID)), .integer(now)])
        let body = Samples.batch([Samples.entry(externalId: "late")]), key = ["Idempotency-Key": "after-429"]
        let limited = try await BatchClient.post(harness.measurementsBatchURL, json: body, bearer: token, headers: key)
        XCTAssertEqual(limited.status, 429)
        let stored = try await harness.count("SELECT COUNT(*) FROM idempotency_keys")
        XCTAssertEqual(stored, 0, "a 429 is not stored")
        try await harness.execute("UPDATE batch_rate_limit_seconds SET at_second = $1", [.integer(now - 120)])
        let retried = try await BatchClient.post(harness.measurementsBatchURL, json: body, bearer: token, headers: key)
        XCTAssertEqual(retried.status, 200, retried.text)
        XCTAssertEqual(retried.statuses, ["inserted"], "the retry ran for real")
        XCTAssertNil(retried.headers["idempotent-replayed"])
    }

    private func expiry(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "expiry@example.com")
        let key = ["Idempotency-Key": "old"]
        _ = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([Samples.entry(externalId: "1")]),
                                       bearer: token, headers: key)
        let dayAgo = Int64(Date().timeIntervalSince1970) - 24 * 3600 - 1
        try await harness.execute("UPDATE idempotency_keys SET created_at = $1", [.integer(dayAgo)])
        let reused = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([Samples.entry(externalId: "2")]),
                                                bearer: token, headers: key)
        XCTAssertEqual(reused.status, 200, "after 24 h the key is new again: \(reused.text)")
        XCTAssertEqual(reused.statuses, ["inserted"])
        try await harness.execute("UPDATE idempotency_keys SET created_at = $1", [.integer(dayAgo)])
        try await harness.pruneIngestBookkeeping()
        let left = try await harness.count("SELECT COUNT(*) FROM idempotency_keys")
        XCTAssertEqual(left, 0)
    }
}
