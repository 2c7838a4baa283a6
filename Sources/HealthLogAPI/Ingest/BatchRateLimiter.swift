import APIToolkit
import Storage

/// 60 batch requests per minute per user, shared by both batch endpoints (contract §2.1/§2.2).
/// A fixed one-minute window per user in `batch_rate_limit`: one upsert increments the count
/// (or opens a new window) and returns it, so concurrent requests — in this process or any other
/// on the same database — each see a distinct count and no more than `limit` pass per window.
struct BatchRateLimiter: Sendable {
    let database: Database
    var limit = 60
    var windowSeconds: Int64 = 60

    /// Counts one batch for `userID`; throws 429 `batch.rate_limited` with `Retry-After` (the
    /// seconds until the window ends) when it is over the limit.
    func admit(userID: String, now: Int64 = Clock.now()) async throws {
        let windowEnded = now - windowSeconds
        let row = try await database.transaction { connection in
            try connection.queryFirst("""
                INSERT INTO batch_rate_limit (user_id, window_started_at, requests) VALUES ($1, $2, 1)
                ON CONFLICT (user_id) DO UPDATE SET
                    requests = CASE WHEN batch_rate_limit.window_started_at <= $3 THEN 1 ELSE batch_rate_limit.requests + 1 END,
                    window_started_at = CASE WHEN batch_rate_limit.window_started_at <= $3 THEN $2
                                             ELSE batch_rate_limit.window_started_at END
                RETURNING requests, window_started_at
                """, userID, now, windowEnded)
        }
        guard let row else { return }
        let requests: Int = try row.decode("requests"), started: Int64 = try row.decode("window_started_at")
        if requests > limit {
            let wait = Int(max(started + windowSeconds - now, 1))
            var error = APIError.tooManyRequests(retryAfter: wait, code: "batch.rate_limited")
            error.message = "At most \(limit) batches per minute; retry in \(wait) s"
            throw error
        }
    }

    /// Deletes counters whose window is over (they would restart at 1 anyway).
    func prune(now: Int64) async throws {
        let windowEnded = now - windowSeconds
        try await database.write { connection in
            try connection.execute("DELETE FROM batch_rate_limit WHERE window_started_at <= $1", windowEnded)
        }
    }
}
