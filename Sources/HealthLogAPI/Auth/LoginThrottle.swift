import Secrets
import Storage

/// Limits password guessing: after `perEmail` failures for one address, or `perAddress` from one
/// client address, within `windowSeconds`, logins are refused with 429 until the window ends —
/// whether or not the account exists, so the throttle reveals nothing either. Counters live in
/// the database, so every server process on it shares them; a successful login clears the
/// address's e-mail counter.
struct LoginThrottle: Sendable {
    let database: Database
    var perEmail = 5
    var perAddress = 20
    var windowSeconds: Int64 = 15 * 60

    struct Keys: Sendable {
        let email: String
        let address: String
    }

    /// The e-mail is stored only as a digest: the table is not a list of guessed addresses.
    func keys(email: String, address: String) -> Keys {
        Keys(email: "email:" + Digest.sha256Hex(email), address: "ip:" + address)
    }

    /// Seconds until the client may try again, or nil when it may try now.
    func retryAfter(_ keys: Keys) async throws -> Int? {
        let now = Clock.now(), windowStart = now - windowSeconds
        let rows = try await database.read { connection in
            try connection.query("SELECT key, failures, window_started_at FROM login_throttle WHERE key = $1 OR key = $2",
                                 keys.email, keys.address)
        }
        var wait: Int64 = 0
        for row in rows {
            let key: String = try row.decode("key"), failures: Int = try row.decode("failures")
            let started: Int64 = try row.decode("window_started_at")
            let limit = key == keys.email ? perEmail : perAddress
            if started > windowStart, failures >= limit { wait = max(wait, started + windowSeconds - now) }
        }
        return wait > 0 ? Int(wait) : nil
    }

    func recordFailure(_ keys: Keys) async throws {
        let now = Clock.now(), expired = now - windowSeconds
        try await database.transaction { connection in
            for key in [keys.email, keys.address] {
                try connection.execute("""
                    INSERT INTO login_throttle (key, failures, window_started_at) VALUES ($1, 1, $2)
                    ON CONFLICT (key) DO UPDATE SET
                        failures = CASE WHEN login_throttle.window_started_at <= $3 THEN 1 ELSE login_throttle.failures + 1 END,
                        window_started_at = CASE WHEN login_throttle.window_started_at <= $3 THEN $2 ELSE login_throttle.window_started_at END
                    """, key, now, expired)
            }
        }
    }

    func recordSuccess(_ keys: Keys) async throws {
        try await database.write { try $0.execute("DELETE FROM login_throttle WHERE key = $1", keys.email) }
    }
}
