import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// Idempotency-Key claims belong to the request that made them: a slow first request keeps its
/// key for ten minutes, and once a claim was taken over, the first request can neither
/// overwrite the new owner's stored answer nor delete its live claim.
final class IdempotencyClaimOwnerTests: XCTestCase {
    func testAClaimFiveMinutesOldIsStillRunningNotAbandonedOnSQLite() async throws { try await slowFirst(.sqlite) }
    func testAClaimFiveMinutesOldIsStillRunningNotAbandonedOnPostgres() async throws { try await slowFirst(.postgres) }
    func testOnlyTheClaimsOwnerCompletesOrReleasesItOnSQLite() async throws { try await ownership(.sqlite) }
    func testOnlyTheClaimsOwnerCompletesOrReleasesItOnPostgres() async throws { try await ownership(.postgres) }

    private func slowFirst(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "slow@example.com")
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let body = try JSONSerialization.data(withJSONObject: Samples.batch([Samples.entry(externalId: "slow-1")]))
        let now = Int64(Date().timeIntervalSince1970)
        try await harness.execute("""
            INSERT INTO idempotency_keys (user_id, method, route, key, fingerprint, state, created_at, claim_id)
            VALUES ($1, 'POST', '/api/measurements/batch', 'slow', $2, 'in_progress', $3, 'first-request')
            """, [.text(try XCTUnwrap(userID)), .text(IdempotencyKeyHeader.fingerprint(Array(body))), .integer(now - 300)])
        let retry = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "slow"])
        XCTAssertEqual(retry.status, 409, "five minutes is a slow request, not a dead one: \(retry.text)")
        XCTAssertEqual(retry.errorCode, "idempotency.in_progress")
        let stored = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(stored, 0, "the batch did not run twice")
        try await harness.execute("UPDATE idempotency_keys SET created_at = $1", [.integer(now - 601)])
        let afterCrash = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "slow"])
        XCTAssertEqual(afterCrash.statuses, ["inserted"], "past ten minutes the claim is abandoned and taken over")
    }

    private func ownership(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("owner@example.com")
        let store = IdempotencyStore(database: harness.database)
        let scope = IdempotencyStore.Scope(userID: userID, method: "POST", route: "/api/measurements/batch", key: "k")
        let now = Int64(Date().timeIntervalSince1970)
        guard case .claimed(let first) = try await store.claim(scope, fingerprint: "f", now: now - 700),
              case .claimed(let second) = try await store.claim(scope, fingerprint: "f", now: now) else {
            return XCTFail("both claims should be granted: the first one was abandoned when the second came")
        }
        XCTAssertNotEqual(first, second)
        try await store.release(scope, owner: first)
        try await store.complete(scope, owner: first, status: 200, body: Array(#"{"first":true}"#.utf8), now: now)
        let stillRunning = try await harness.count("SELECT COUNT(*) FROM idempotency_keys WHERE state = 'in_progress'")
        XCTAssertEqual(stillRunning, 1, "the first owner neither deleted nor completed the second owner's claim")
        try await store.complete(scope, owner: second, status: 200, body: Array(#"{"second":true}"#.utf8), now: now)
        try await store.complete(scope, owner: first, status: 200, body: Array(#"{"first":true}"#.utf8), now: now)
        let replay = try await store.claim(scope, fingerprint: "f", now: now + 1)
        XCTAssertEqual(replay, .replay(status: 200, body: Array(#"{"second":true}"#.utf8)), "the stored answer is the second owner's")
    }
}
