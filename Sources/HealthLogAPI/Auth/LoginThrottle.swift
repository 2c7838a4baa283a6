import Secrets
import Storage

/// Limits guessing by counting every attempt BEFORE the credential is checked: one transaction
/// increments the counters of all the attempt's keys and reads the new counts back, so parallel
/// requests cannot all pass a check that runs before the slow Argon2id verification. An attempt
/// whose count is over its key's limit is refused with 429 until the fixed window ends — whether
/// or not the account exists, so the throttle reveals nothing either. Counters live in the
/// database, so every server process on it shares them.
///
/// A successful attempt gives its budget back (`succeeded`): the login clears the e-mail key and
/// refunds its one unit on the address key, so a busy NAT of users who type their passwords
/// correctly never runs out.
struct LoginThrottle: Sendable {
    let database: Database
    var perEmail = 5
    var perAddress = 20
    /// Refresh presentations per client address; legitimate apps refresh rarely (single-flight).
    var refreshPerAddress = 30
    var windowSeconds: Int64 = 15 * 60

    /// One counter and the number of attempts it allows per window.
    struct Limit: Sendable {
        let key: String
        let limit: Int
    }

    /// The e-mail is stored only as a digest: the table is not a list of guessed addresses.
    static func emailKey(_ email: String) -> String { "email:" + Digest.sha256Hex(email) }

    func loginLimits(email: String, address: ClientAddress) -> [Limit] {
        [Limit(key: Self.emailKey(email), limit: perEmail),
         Limit(key: "ip:" + address.throttleKey, limit: perAddress)]
    }

    func refreshLimits(address: ClientAddress) -> [Limit] {
        [Limit(key: "refresh-ip:" + address.throttleKey, limit: refreshPerAddress)]
    }

    /// Counts one attempt on every key; throws 429 `auth.throttled` (with `Retry-After`) when any
    /// count is now over its limit.
    func attempt(_ limits: [Limit]) async throws {
        let now = Clock.now(), expired = now - windowSeconds, window = windowSeconds
        let wait = try await database.transaction { connection in
            var wait: Int64 = 0
            for limit in limits {
                guard let row = try connection.queryFirst("""
                    INSERT INTO login_throttle (key, failures, window_started_at) VALUES ($1, 1, $2)
                    ON CONFLICT (key) DO UPDATE SET
                        failures = CASE WHEN login_throttle.window_started_at <= $3 THEN 1 ELSE login_throttle.failures + 1 END,
                        window_started_at = CASE WHEN login_throttle.window_started_at <= $3 THEN $2
                                                 ELSE login_throttle.window_started_at END
                    RETURNING failures, window_started_at
                    """, limit.key, now, expired) else { continue }
                let count: Int = try row.decode("failures"), started: Int64 = try row.decode("window_started_at")
                if count > limit.limit { wait = max(wait, started + window - now, 1) }
            }
            return wait
        }
        if wait > 0 { throw AuthErrors.throttled(retryAfter: Int(wait)) }
    }

    /// A successful login: the e-mail's counter is cleared, every other key gets its unit back.
    func loginSucceeded(_ limits: [Limit]) async throws {
        try await refund(Array(limits.dropFirst()), clearing: limits.first)
    }

    /// A successful refresh gives its unit back.
    func refreshSucceeded(_ limits: [Limit]) async throws {
        try await refund(limits, clearing: nil)
    }

    private func refund(_ limits: [Limit], clearing cleared: Limit?) async throws {
        try await database.transaction { connection in
            if let cleared { try connection.execute("DELETE FROM login_throttle WHERE key = $1", cleared.key) }
            for limit in limits {
                try connection.execute("UPDATE login_throttle SET failures = failures - 1 WHERE key = $1 AND failures > 0",
                                       limit.key)
            }
        }
    }
}
