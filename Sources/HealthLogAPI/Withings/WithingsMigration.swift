import Storage

extension HealthLogMigrations {
    /// Withings Notify (contract §8). `withings_accounts` links a Withings `userid` to a HealthLog
    /// account (filled by the OAuth flow, `withingsLink`); the webhook only reads it.
    /// `withings_notifications` is the durable queue the webhook writes before answering: one
    /// row per distinct notification (Withings retries for hours, so repeats collapse on the
    /// UNIQUE key), moved from `queued` to `unlinked` or `ready_to_fetch` by the background
    /// worker. `event` is empty for data notifications and carries `date`/`deviceid`/`action`
    /// of event notifications, whose `startdate`/`enddate` are 0.
    static let withings = Migration(version: 12, name: "create_withings_webhook_queue", sql: """
        CREATE TABLE withings_accounts (
            withings_user_id BIGINT PRIMARY KEY,
            user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
            linked_at BIGINT NOT NULL
        );
        CREATE TABLE withings_notifications (
            id TEXT PRIMARY KEY,
            withings_user_id BIGINT NOT NULL,
            appli INTEGER NOT NULL,
            startdate BIGINT NOT NULL,
            enddate BIGINT NOT NULL,
            event TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('queued', 'unlinked', 'ready_to_fetch')),
            user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
            received_at BIGINT NOT NULL,
            resolved_at BIGINT,
            UNIQUE (withings_user_id, appli, startdate, enddate, event)
        );
        CREATE INDEX withings_notifications_status ON withings_notifications (status, received_at);
        """)
}
