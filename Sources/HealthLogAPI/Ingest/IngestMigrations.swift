import APIToolkit
import Storage

extension HealthLogMigrations {
    /// One row per Idempotency-Key a user sent to a route. The primary key is the scope, so the
    /// first request claims a key with one `INSERT … ON CONFLICT DO NOTHING` and concurrent
    /// repeats see the row instead of running twice. `response_body` holds the exact bytes sent
    /// (always UTF-8 JSON) for replays; rows older than 24 h are pruned (see `IdempotencyStore`).
    static let idempotencyKeys = Migration(version: 8, name: "create_idempotency_keys", sql: """
        CREATE TABLE idempotency_keys (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            method TEXT NOT NULL,
            route TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('in_progress', 'completed')),
            status INTEGER,
            response_body TEXT,
            created_at BIGINT NOT NULL,
            completed_at BIGINT,
            PRIMARY KEY (user_id, method, route, key)
        );
        CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
        """)

    /// The batch budget (60 per minute per user, shared by both batch endpoints): one fixed-window
    /// counter per user, upserted atomically, in the database so every server process shares it.
    static let batchRateLimit = Migration(version: 9, name: "create_batch_rate_limit", sql: """
        CREATE TABLE batch_rate_limit (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            window_started_at BIGINT NOT NULL,
            requests INTEGER NOT NULL
        )
        """)
}

extension HealthLogMigrations {
    /// The owner token of an Idempotency-Key claim: `complete` and `release` match on it, so a
    /// request whose claim was taken over cannot touch the new owner's row. Rows from before
    /// have none and are only ever taken over or pruned.
    static let idempotencyClaimOwner = Migration(version: 13, name: "add_idempotency_claim_owner", sql: """
        ALTER TABLE idempotency_keys ADD COLUMN claim_id TEXT
        """)

    /// The batch budget becomes a sliding window (`BatchRateLimiter`): a per-user row every
    /// admission locks first, and the admitted batches per second of the last minute. The
    /// fixed-window counter it replaces held only transient counts, so it is dropped.
    static let batchRateLimitSliding = Migration(version: 14, name: "sliding_batch_rate_limit", sql: """
        DROP TABLE batch_rate_limit;
        CREATE TABLE batch_rate_limit (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            last_request_at BIGINT NOT NULL
        );
        CREATE TABLE batch_rate_limit_seconds (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            at_second BIGINT NOT NULL,
            requests INTEGER NOT NULL,
            PRIMARY KEY (user_id, at_second)
        );
        CREATE INDEX batch_rate_limit_seconds_at ON batch_rate_limit_seconds (at_second);
        """)

    /// Rows stored before `PlausibleTime` bounded the end: an end after 9999-12-31T23:59:59Z
    /// cannot be written as `YYYY-MM-DDTHH:MM:SSZ`, so every read covering its day failed. Such
    /// rows are soft-deleted (kept, no longer served) with their version moved on, as any
    /// server-side delete under contract §13.
    static let retireUnprintableEnds = Migration(version: 15, name: "retire_unprintable_end_dates",
                                                 sqlite: retireUnprintableEnds(now: "CAST(strftime('%s', 'now') AS INTEGER)"),
                                                 postgres: retireUnprintableEnds(now: "EXTRACT(EPOCH FROM now())::BIGINT"))

    /// The statements of migration 15; only how each engine writes "now" in unix seconds differs.
    private static func retireUnprintableEnds(now: String) -> String {
        [("measurements", "end_at"), ("workouts", "ended_at")].map { table, end in
            """
            UPDATE \(table) SET deleted_at = \(now), sync_version = sync_version + 1, updated_at = \(now)
                WHERE \(end) > \(APIDate.latestSecond) AND deleted_at IS NULL
            """
        }.joined(separator: ";\n")
    }
}
