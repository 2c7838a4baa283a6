import APIToolkit
import Storage

/// 60 batch requests per minute per user, shared by both batch endpoints (contract §2.1/§2.2),
/// as a sliding window: a batch is admitted only while fewer than `limit` batches were admitted
/// in the last `windowSeconds` (counted per whole second), so no 60-second span ever holds more
/// than `limit`, across a minute boundary included. A fixed window would let `limit` through at
/// the end of one minute and `limit` more at the start of the next.
///
/// The counts live in the database, so every server process shares them: `batch_rate_limit`
/// holds one row per user that each admission upserts first, which serialises one user's
/// admissions (a row lock on PostgreSQL, the single writer on SQLite), and
/// `batch_rate_limit_seconds` the admitted batches per second of the window. Refused batches
/// are not counted, so a client honouring `Retry-After` is admitted when it comes back.
struct BatchRateLimiter: Sendable {
    let database: Database
    var limit = 60
    var windowSeconds: Int64 = 60

    /// Counts one batch for `userID`; throws 429 `batch.rate_limited` with `Retry-After` (the
    /// seconds until enough admitted batches have left the window) when the window is full.
    func admit(userID: String, now: Int64 = Clock.now()) async throws {
        let windowEnded = now - windowSeconds
        let wait: Int64? = try await database.groupedTransaction { connection in
            try connection.execute("""
                INSERT INTO batch_rate_limit (user_id, last_request_at) VALUES ($1, $2)
                ON CONFLICT (user_id) DO UPDATE SET last_request_at = excluded.last_request_at
                """, userID, now)
            try connection.execute("DELETE FROM batch_rate_limit_seconds WHERE user_id = $1 AND at_second <= $2", userID, windowEnded)
            let admitted = try connection.query("""
                SELECT at_second, requests FROM batch_rate_limit_seconds WHERE user_id = $1 ORDER BY at_second
                """, userID).map { (second: try $0.decode(Int64.self, "at_second"), requests: try $0.decode(Int.self, "requests")) }
            let total = admitted.reduce(0) { $0 + $1.requests }
            guard total < limit else { return retryAfter(admitted, over: total - limit + 1, now: now) }
            try connection.execute("""
                INSERT INTO batch_rate_limit_seconds (user_id, at_second, requests) VALUES ($1, $2, 1)
                ON CONFLICT (user_id, at_second) DO UPDATE SET requests = batch_rate_limit_seconds.requests + 1
                """, userID, now)
            return nil
        }
        if let wait {
            var error = APIError.tooManyRequests(retryAfter: Int(wait), code: "batch.rate_limited")
            error.message = "At most \(limit) batches per minute; retry in \(wait) s"
            throw error
        }
    }

    /// Seconds until `excess` of the admitted batches (oldest first) have left the window.
    private func retryAfter(_ admitted: [(second: Int64, requests: Int)], over excess: Int, now: Int64) -> Int64 {
        var leaving = 0
        for bucket in admitted {
            leaving += bucket.requests
            if leaving >= excess { return max(bucket.second + windowSeconds - now, 1) }
        }
        return windowSeconds
    }

    /// Deletes counts that left the window and the lock rows of users idle for a whole window.
    func prune(now: Int64) async throws {
        let windowEnded = now - windowSeconds
        try await database.write { connection in
            try connection.execute("DELETE FROM batch_rate_limit_seconds WHERE at_second <= $1", windowEnded)
            try connection.execute("DELETE FROM batch_rate_limit WHERE last_request_at <= $1", windowEnded)
        }
    }
}
