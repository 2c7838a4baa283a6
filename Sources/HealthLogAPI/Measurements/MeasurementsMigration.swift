import Storage

extension HealthLogMigrations {
    /// Every health sample a user's devices and services report, one row per
    /// (user, type, source, external id): the UNIQUE key is what turns a re-sent sample into a
    /// `duplicate` instead of a second row. `value` is in the type's canonical unit
    /// (`AppleHealthMapping`); `sync_version` and `deleted_at` carry contract §13's optimistic
    /// concurrency and soft deletes. The index serves per-type time-range reads.
    static let measurements = Migration(version: 7, name: "create_measurements", sql: """
        CREATE TABLE measurements (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            type TEXT NOT NULL,
            source TEXT NOT NULL,
            external_id TEXT NOT NULL,
            hk_identifier TEXT,
            value DOUBLE PRECISION NOT NULL,
            unit TEXT NOT NULL,
            measured_at BIGINT NOT NULL,
            end_at BIGINT NOT NULL,
            sleep_stage INTEGER,
            device_type TEXT,
            external_source_version TEXT,
            sync_version INTEGER NOT NULL DEFAULT 1,
            deleted_at BIGINT,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            UNIQUE (user_id, type, source, external_id)
        );
        CREATE INDEX measurements_user_type_time ON measurements (user_id, type, measured_at);
        """)
}
