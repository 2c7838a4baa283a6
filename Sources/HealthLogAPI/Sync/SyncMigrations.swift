import Storage

extension HealthLogMigrations {
    /// Contract §13's data surface. `sync_counters` is the per-user change counter every synced
    /// write takes its `sync_version` from (`SyncCounter`); it starts above every version stored
    /// before it, so `?since=syncVersion=0` still returns those rows. The synced rows'
    /// `updated_at` moves to unix milliseconds (§13.3 compares it to the millisecond); every
    /// other time column stays in seconds. The `(user_id, sync_version)` indexes serve
    /// `perEntity` and `?since`.
    ///
    /// `medications` are a user's prescriptions (not synced rows: the app edits them through
    /// their own routes), with the GLP-1 details of `POST /api/medications/{id}/glp1`.
    /// `medication_intake_logs` and `mood_entries` are synced rows; the app's identifiers
    /// (`external_id`, `client_id`) are each unique per user, the bulk backfill's dedup keys.
    static let syncedEntities = Migration(version: 16, name: "create_synced_entities", sql: syncedEntitiesSQL)

    /// What a synced row adds to its own columns: the app's identifiers (each unique per user),
    /// the sync fields and the times.
    private static let syncedRowColumns = """
        external_id TEXT,
            client_id TEXT,
            sync_version BIGINT NOT NULL,
            deleted_at BIGINT,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            UNIQUE (user_id, external_id),
            UNIQUE (user_id, client_id)
        """

    private static let syncedEntitiesSQL = """
        CREATE TABLE sync_counters (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            value BIGINT NOT NULL
        );
        INSERT INTO sync_counters (user_id, value) SELECT user_id, MAX(sync_version) FROM measurements GROUP BY user_id;
        UPDATE measurements SET updated_at = updated_at * 1000;
        CREATE INDEX measurements_user_version ON measurements (user_id, sync_version);
        CREATE TABLE medications (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('glp1', 'other')),
            dose_unit TEXT NOT NULL,
            schedule TEXT NOT NULL,
            start_date TEXT,
            stop_date TEXT,
            glp1_drug TEXT,
            glp1_brand TEXT,
            glp1_dose_mg DOUBLE PRECISION,
            glp1_interval_days INTEGER,
            glp1_since TEXT,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        );
        CREATE INDEX medications_user ON medications (user_id, created_at);
        CREATE TABLE medication_intake_logs (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            medication_id TEXT NOT NULL REFERENCES medications(id) ON DELETE CASCADE,
            taken_at BIGINT NOT NULL,
            dose_mg DOUBLE PRECISION,
            skipped INTEGER NOT NULL,
            site TEXT,
            note TEXT,
            \(syncedRowColumns)
        );
        CREATE INDEX medication_intake_logs_user_version ON medication_intake_logs (user_id, sync_version);
        CREATE INDEX medication_intake_logs_user_time ON medication_intake_logs (user_id, taken_at);
        CREATE TABLE mood_entries (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            recorded_at BIGINT NOT NULL,
            mood INTEGER NOT NULL CHECK (mood BETWEEN 1 AND 5),
            energy INTEGER CHECK (energy BETWEEN 1 AND 5),
            tags TEXT,
            note TEXT,
            \(syncedRowColumns)
        );
        CREATE INDEX mood_entries_user_version ON mood_entries (user_id, sync_version);
        CREATE INDEX mood_entries_user_time ON mood_entries (user_id, recorded_at);
        """
}
