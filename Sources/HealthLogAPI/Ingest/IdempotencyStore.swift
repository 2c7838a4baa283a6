import APIToolkit
import Foundation
import Storage

/// Where Idempotency-Keys live (`idempotency_keys`), scoped per (user, method, route, key).
/// A request claims its key atomically before any work; a completed request's status and exact
/// body are stored for replay within `retentionSeconds` (24 h).
///
/// A claim is a lease: the request holding it renews it every `renewalSeconds` while it works
/// (`keepRenewing`), and a claim not renewed for `leaseSeconds` belongs to a process that died
/// mid-request (a crash, `kill -9`, a lost host) and is taken over by the next request with
/// that key. So a retry after a crash waits seconds, not the lifetime of a request; until then
/// it gets 409 with `Retry-After`.
///
/// Every claim carries a random owner token (`claim_id`), and only its owner can renew,
/// complete or release it: a request that merely stalled past its lease (SQLite's writer busy
/// for longer than the lease) and whose claim was taken over can neither overwrite the new
/// owner's stored answer nor delete the new owner's live claim. Both runs dedup on the same
/// keys, so the second finds the first's rows as duplicates.
struct IdempotencyStore: Sendable {
    let database: Database
    var retentionSeconds: Int64 = 24 * 3600
    var leaseSeconds: Int64 = 10
    var renewalSeconds: Int64 = 3

    struct Scope: Sendable {
        let userID: String
        let method: String
        let route: String
        let key: String
    }

    enum Claim: Sendable, Equatable {
        /// The caller owns the key under `owner` and must `complete` or `release` it with that token.
        case claimed(owner: String)
        /// The key was used before with the same body: answer with these exact bytes.
        case replay(status: Int, body: [UInt8])
    }

    /// Claims `scope`, or returns the stored answer. Throws 422 `idempotency.key_reused` for a
    /// different body under the same key and 409 `idempotency.in_progress` (with `Retry-After`,
    /// the seconds until the lease runs out unless renewed) while the first request still runs.
    /// `created_at` is when the claim was made or last renewed.
    func claim(_ scope: Scope, fingerprint: String, now: Int64 = Clock.now()) async throws -> Claim {
        let expired = now - retentionSeconds, abandoned = now - leaseSeconds
        let owner = UUID().uuidString.lowercased()
        return try await database.groupedTransaction { connection in
            let inserted = try connection.execute("""
                INSERT INTO idempotency_keys (user_id, method, route, key, fingerprint, state, created_at, claim_id)
                VALUES ($1, $2, $3, $4, $5, 'in_progress', $6, $7) ON CONFLICT DO NOTHING
                """, scope.userID, scope.method, scope.route, scope.key, fingerprint, now, owner)
            if inserted == 1 { return .claimed(owner: owner) }
            let retaken = try connection.execute("""
                UPDATE idempotency_keys SET fingerprint = $5, state = 'in_progress', status = NULL, response_body = NULL,
                    created_at = $6, completed_at = NULL, claim_id = $9
                WHERE user_id = $1 AND method = $2 AND route = $3 AND key = $4
                    AND (created_at < $7 OR (state = 'in_progress' AND created_at < $8))
                """, scope.userID, scope.method, scope.route, scope.key, fingerprint, now, expired, abandoned, owner)
            if retaken == 1 { return .claimed(owner: owner) }
            guard let row = try connection.queryFirst("""
                SELECT fingerprint, state, status, response_body, created_at FROM idempotency_keys
                WHERE user_id = $1 AND method = $2 AND route = $3 AND key = $4
                """, scope.userID, scope.method, scope.route, scope.key) else {
                // Released by its owner between our INSERT and SELECT: the client may simply retry.
                throw IdempotencyErrors.inProgress(retryAfter: 1)
            }
            guard try row.decode(String.self, "fingerprint") == fingerprint else { throw IdempotencyErrors.keyReused }
            guard try row.decode(String.self, "state") == "completed" else {
                let renewed: Int64 = try row.decode("created_at")
                throw IdempotencyErrors.inProgress(retryAfter: max(1, renewed + leaseSeconds - now + 1))
            }
            let status: Int = try row.decode("status"), body: String = try row.decode("response_body")
            return .replay(status: status, body: Array(body.utf8))
        }
    }

    /// Renews `owner`'s claim every `renewalSeconds` until the calling task is cancelled (the
    /// request finished). A failed renewal is tried again at the next tick.
    func keepRenewing(_ scope: Scope, owner: String) async {
        while (try? await Task.sleep(for: .seconds(renewalSeconds))) != nil {
            try? await renew(scope, owner: owner)
        }
    }

    /// Extends `owner`'s lease to `now`, if it still holds the claim.
    func renew(_ scope: Scope, owner: String, now: Int64 = Clock.now()) async throws {
        try await database.write { connection in
            try connection.execute("""
                UPDATE idempotency_keys SET created_at = $5
                WHERE user_id = $1 AND method = $2 AND route = $3 AND key = $4 AND claim_id = $6 AND state = 'in_progress'
                """, scope.userID, scope.method, scope.route, scope.key, now, owner)
        }
    }

    /// Stores the answer for replays, if `owner` still holds the claim. Bodies are JSON, hence
    /// valid UTF-8 text.
    func complete(_ scope: Scope, owner: String, status: Int, body: [UInt8], now: Int64 = Clock.now()) async throws {
        try await database.groupedTransaction { connection in
            try connection.execute("""
                UPDATE idempotency_keys SET state = 'completed', status = $5, response_body = $6, completed_at = $7
                WHERE user_id = $1 AND method = $2 AND route = $3 AND key = $4 AND claim_id = $8 AND state = 'in_progress'
                """, scope.userID, scope.method, scope.route, scope.key, status, String(decoding: body, as: UTF8.self), now, owner)
        }
    }

    /// Forgets `owner`'s claim: the request was not executed (429) or failed inside the server
    /// (5xx, everything rolled back), so a retry with the same key must run for real.
    func release(_ scope: Scope, owner: String) async throws {
        try await database.write { connection in
            try connection.execute("""
                DELETE FROM idempotency_keys
                WHERE user_id = $1 AND method = $2 AND route = $3 AND key = $4 AND claim_id = $5 AND state = 'in_progress'
                """, scope.userID, scope.method, scope.route, scope.key, owner)
        }
    }

    /// Deletes keys past the replay window.
    func prune(now: Int64) async throws {
        let expired = now - retentionSeconds
        try await database.write { connection in
            try connection.execute("DELETE FROM idempotency_keys WHERE created_at < $1", expired)
        }
    }
}

enum IdempotencyErrors {
    static let keyReused = APIError(status: 422, code: "idempotency.key_reused",
                                    message: "This Idempotency-Key was used with a different request body")
    static func inProgress(retryAfter seconds: Int64) -> APIError {
        var error = APIError.conflict("A request with this Idempotency-Key is still being processed; retry shortly",
                                      code: "idempotency.in_progress")
        error.headers = [APIError.Header(name: "Retry-After", value: String(seconds))]
        return error
    }
}
