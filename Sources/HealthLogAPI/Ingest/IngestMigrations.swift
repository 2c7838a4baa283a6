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
