import Storage

/// Every statement on `login_throttle` (schema: `HealthLogMigrations.loginThrottle`,
/// `loginThrottleBackOff`) but the account deletion's, which `AccountDeletion.steps` lists with the
/// rest of what deleting an account touches: one row per fixed-window counter, by key.
/// `LoginThrottle` decides what the counts mean. Each runs on the caller's connection, inside its
/// transaction. `StoreOwnershipTests` fails when SQL on `login_throttle` appears anywhere else but
/// the migrations.
enum LoginThrottleStore {
    /// A counter as an upsert left it.
    struct Counter: Sendable {
        let failures: Int
        let windowStartedAt: Int64
        /// 0 when no back-off runs.
        let blockedUntil: Int64
    }

    /// Counts one attempt on `key`: 1 in a new window started `now` when the row's window began
    /// at or before `windowOver`, otherwise one more in the running window.
    static func count(key: String, now: Int64, windowOver: Int64, on connection: any DatabaseConnection) throws -> Counter? {
        try connection.queryFirst("""
            INSERT INTO login_throttle (key, failures, window_started_at) VALUES ($1, 1, $2)
            ON CONFLICT (key) DO UPDATE SET
                failures = CASE WHEN login_throttle.window_started_at <= $3 THEN 1 ELSE login_throttle.failures + 1 END,
                window_started_at = CASE WHEN login_throttle.window_started_at <= $3 THEN $2
                                         ELSE login_throttle.window_started_at END
            RETURNING failures, window_started_at
            """, key, now, windowOver).map { row in
            Counter(failures: try row.decode("failures"), windowStartedAt: try row.decode("window_started_at"), blockedUntil: 0)
        }
    }

    /// As `count`, except that an attempt while the row's back-off runs (`blocked_until` after
    /// `now`) is not counted; a new window also ends the back-off.
    static func countUnlessBlocked(key: String, now: Int64, windowOver: Int64,
                                   on connection: any DatabaseConnection) throws -> Counter? {
        try connection.queryFirst("""
            INSERT INTO login_throttle (key, failures, window_started_at) VALUES ($1, 1, $2)
            ON CONFLICT (key) DO UPDATE SET
                failures = CASE WHEN login_throttle.window_started_at <= $3 THEN 1
                                WHEN login_throttle.blocked_until > $2 THEN login_throttle.failures
                                ELSE login_throttle.failures + 1 END,
                blocked_until = CASE WHEN login_throttle.window_started_at <= $3 THEN 0 ELSE login_throttle.blocked_until END,
                window_started_at = CASE WHEN login_throttle.window_started_at <= $3 THEN $2
                                         ELSE login_throttle.window_started_at END
            RETURNING failures, window_started_at, blocked_until
            """, key, now, windowOver).map { row in
            Counter(failures: try row.decode("failures"), windowStartedAt: try row.decode("window_started_at"),
                    blockedUntil: try row.decode("blocked_until"))
        }
    }

    /// Holds `key`'s next attempt back until `until`.
    static func block(key: String, until: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE login_throttle SET blocked_until = $1 WHERE key = $2", until, key)
    }

    /// Takes back up to `units` counted attempts of `key` (never below zero).
    static func giveBack(key: String, units: Int, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE login_throttle SET failures = CASE WHEN failures > $1 THEN failures - $1 ELSE 0 END WHERE key = $2
            """, units, key)
    }

    /// Deletes `key`'s counter; returns the attempts it held (0 when there was none).
    static func clear(key: String, on connection: any DatabaseConnection) throws -> Int {
        try connection.queryFirst("DELETE FROM login_throttle WHERE key = $1 RETURNING failures", key)?.decode(Int.self, "failures") ?? 0
    }

    /// Deletes the counters whose window started at or before `windowStartedBy` (unix seconds).
    static func prune(windowStartedBy: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM login_throttle WHERE window_started_at <= $1", windowStartedBy)
    }
}
