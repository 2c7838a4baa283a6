import APIToolkit
import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// Idempotency-Key claims are leases owned by the request that made them: a claim renewed within
/// its lease is still running, one left unrenewed past it (its process died) is taken over, and
/// once a claim was taken over, the first request can neither renew it, overwrite the new
/// owner's stored answer, nor delete its live claim.
final class IdempotencyClaimOwnerTests: XCTestCase {
    func testAClaimWithinItsLeaseIsRunningAndPastItIsTakenOverOnSQLite() async throws { try await lease(.sqlite) }
    func testAClaimWithinItsLeaseIsRunningAndPastItIsTakenOverOnPostgres() async throws { try await lease(.postgres) }
    func testOnlyTheClaimsOwnerCompletesOrReleasesItOnSQLite() async throws { try await ownership(.sqlite) }
    func testOnlyTheClaimsOwnerCompletesOrReleasesItOnPostgres() async throws { try await ownership(.postgres) }
    func testOnlyTheClaimsOwnerRenewsItsLeaseOnSQLite() async throws { try await renewal(.sqlite) }
    func testOnlyTheClaimsOwnerRenewsItsLeaseOnPostgres() async throws { try await renewal(.postgres) }
    func testARunningBatchRenewsItsClaimOnPostgres() async throws { try await renewedWhileRunning(.postgres) }

    private func lease(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "slow@example.com")
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let body = try JSONSerialization.data(withJSONObject: Samples.batch([Samples.entry(externalId: "slow-1")]))
        let now = Int64(Date().timeIntervalSince1970)
        try await harness.execute("""
            INSERT INTO idempotency_keys (user_id, method, route, key, fingerprint, state, created_at, claim_id)
            VALUES ($1, 'POST', '/api/measurements/batch', 'slow', $2, 'in_progress', $3, 'first-request')
            """, [.text(try XCTUnwrap(userID)), .text(IdempotencyKeyHeader.fingerprint(Array(body))), .integer(now - 5)])
        let retry = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "slow"])
        XCTAssertEqual(retry.status, 409, "renewed five seconds ago: still running: \(retry.text)")
        XCTAssertEqual(retry.errorCode, "idempotency.in_progress")
        let wait = try XCTUnwrap(retry.headers["retry-after"].flatMap(Int.init))
        XCTAssertTrue((5...7).contains(wait), "Retry-After is the rest of the 10 s lease: \(wait)")
        let stored = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(stored, 0, "the batch did not run twice")
        try await harness.execute("UPDATE idempotency_keys SET created_at = $1", [.integer(now - 11)])
        let afterCrash = try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "slow"])
        XCTAssertEqual(afterCrash.statuses, ["inserted"], "unrenewed past its lease, the claim is abandoned and taken over")
    }

    /// A store on a fresh server's database, and one key of a new user's.
    private func keyOfNewUser(_ backend: TestBackend, _ email: String) async throws
        -> (harness: HealthLogHarness, store: IdempotencyStore, scope: IdempotencyStore.Scope, now: Int64) {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser(email)
        let scope = IdempotencyStore.Scope(userID: userID, method: "POST", route: "/api/measurements/batch", key: "k")
        return (harness, IdempotencyStore(database: harness.database), scope, Int64(Date().timeIntervalSince1970))
    }

    private func renewal(_ backend: TestBackend) async throws {
        let (_, store, scope, now) = try await keyOfNewUser(backend, "renew@example.com")
        guard case .claimed = try await store.claim(scope, fingerprint: "f", now: now - 30) else { return XCTFail("first claim") }
        try await store.renew(scope, owner: "not-the-owner", now: now - 2)
        guard case .claimed(let second) = try await store.claim(scope, fingerprint: "f", now: now) else {
            return XCTFail("a stranger's renewal must not extend the lease: the abandoned claim is taken over")
        }
        try await store.renew(scope, owner: second, now: now + 8)
        do {
            _ = try await store.claim(scope, fingerprint: "f", now: now + 15)
            XCTFail("renewed seven seconds ago, the claim is still running")
        } catch let error as APIError {
            XCTAssertEqual(error.code, "idempotency.in_progress")
        }
    }

    /// A batch stalled behind another process's lock on the user's rate-limit row, for longer
    /// than one renewal period, renews its claim meanwhile. PostgreSQL only: on SQLite the stall
    /// holds the one writer, which a renewal needs as much as a takeover does.
    private func renewedWhileRunning(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "stalled@example.com")
        let user = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let userID = try XCTUnwrap(user)
        let held = try await HeldTransaction.begin(url: harness.databaseURL) { connection in
            try connection.execute("INSERT INTO batch_rate_limit (user_id, last_request_at) VALUES ($1, 0)", userID)
        }
        let body = try JSONSerialization.data(withJSONObject: Samples.batch([Samples.entry(externalId: "stalled-1")]))
        let request = Task {
            try await BatchClient.post(harness.measurementsBatchURL, body: body, bearer: token, headers: ["Idempotency-Key": "stalled"])
        }
        let claimedAt = ClaimTimes()
        let claimed = try await eventually(timeout: 10) { try await claimedAt.first(harness.database) }
        XCTAssertTrue(claimed, "the batch claimed its key")
        let renewed = try await eventually(timeout: 10) { try await claimedAt.advanced(harness.database) }
        XCTAssertTrue(renewed, "the stalled batch renewed its claim")
        try await held.commit()
        let response = try await request.value
        XCTAssertEqual(response.statuses, ["inserted"], response.text)
    }

    private func ownership(_ backend: TestBackend) async throws {
        let (harness, store, scope, now) = try await keyOfNewUser(backend, "owner@example.com")
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

/// The `created_at` of the one in-progress claim: the first seen, then whether it moved on.
private actor ClaimTimes {
    private var initial: Int64?

    func first(_ database: Database) async throws -> Bool {
        initial = try await current(database)
        return initial != nil
    }

    func advanced(_ database: Database) async throws -> Bool {
        guard let initial, let now = try await current(database) else { return false }
        return now > initial
    }

    private func current(_ database: Database) async throws -> Int64? {
        try await database.read {
            try $0.queryFirst("SELECT created_at FROM idempotency_keys WHERE state = 'in_progress'")?.decode(Int64.self, "created_at")
        }
    }
}
