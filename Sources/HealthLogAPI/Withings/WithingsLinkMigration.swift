import Storage

extension HealthLogMigrations {
    /// The OAuth link. `withings_accounts` gains the tokens, sealed with `WITHINGS_TOKEN_KEY`
    /// (never stored readable), their expiry, the link's state (`linked`, or `broken` once
    /// Withings refused the refresh token, with the reason) and when data last arrived.
    /// `refresh_lease_until` lets one process at a time refresh a user's tokens: whoever moves
    /// it into the future with a conditional UPDATE owns the refresh. `withings_link_states`
    /// holds the pending one-time `state` values of `GET /api/withings/connect`, hashed.
    static let withingsLink = Migration(version: 19, name: "add_withings_oauth_link", sql: """
        ALTER TABLE withings_accounts ADD COLUMN access_token_sealed TEXT;
        ALTER TABLE withings_accounts ADD COLUMN refresh_token_sealed TEXT;
        ALTER TABLE withings_accounts ADD COLUMN token_expires_at BIGINT NOT NULL DEFAULT 0;
        ALTER TABLE withings_accounts ADD COLUMN link_status TEXT NOT NULL DEFAULT 'linked';
        ALTER TABLE withings_accounts ADD COLUMN broken_reason TEXT;
        ALTER TABLE withings_accounts ADD COLUMN last_data_at BIGINT;
        ALTER TABLE withings_accounts ADD COLUMN refresh_lease_until BIGINT NOT NULL DEFAULT 0;
        CREATE TABLE withings_link_states (
            state_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            expires_at BIGINT NOT NULL
        );
        """)

    /// The fetch's bookkeeping on the queue: `fetched` and `failed` (with `failure_reason`)
    /// join the statuses; `attempts` and `next_attempt_at` drive the back-off and the claim
    /// lease. The status CHECK cannot be altered in place on SQLite, so the table is rebuilt.
    static let withingsFetchQueue = Migration(version: 20, name: "add_withings_fetch_states",
        sqlite: """
            CREATE TABLE withings_notifications_next (\(withingsNotificationColumns));
            INSERT INTO withings_notifications_next
                (id, withings_user_id, appli, startdate, enddate, event, status, user_id, received_at, resolved_at)
                SELECT id, withings_user_id, appli, startdate, enddate, event, status, user_id, received_at, resolved_at
                FROM withings_notifications;
            DROP TABLE withings_notifications;
            ALTER TABLE withings_notifications_next RENAME TO withings_notifications;
            CREATE INDEX withings_notifications_status ON withings_notifications (status, received_at);
            """,
        postgres: """
            ALTER TABLE withings_notifications DROP CONSTRAINT withings_notifications_status_check;
            ALTER TABLE withings_notifications ADD CONSTRAINT withings_notifications_status_check
                CHECK (status IN (\(withingsStatuses)));
            ALTER TABLE withings_notifications ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE withings_notifications ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
            ALTER TABLE withings_notifications ADD COLUMN failure_reason TEXT;
            """)

    private static let withingsStatuses = "'queued', 'unlinked', 'ready_to_fetch', 'fetched', 'failed'"

    private static let withingsNotificationColumns = """
        id TEXT PRIMARY KEY,
        withings_user_id BIGINT NOT NULL,
        appli INTEGER NOT NULL,
        startdate BIGINT NOT NULL,
        enddate BIGINT NOT NULL,
        event TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN (\(withingsStatuses))),
        user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
        received_at BIGINT NOT NULL,
        resolved_at BIGINT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL DEFAULT 0,
        failure_reason TEXT,
        UNIQUE (withings_user_id, appli, startdate, enddate, event)
        """
}
