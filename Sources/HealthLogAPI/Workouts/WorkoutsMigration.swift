import Storage

extension HealthLogMigrations {
    /// Workouts as HealthKit records them. The UNIQUE key (user, source, external id) makes a
    /// re-sent workout a `duplicate` (contract §2.2); `activity_type` keeps HealthKit's raw value
    /// and `activity_name` its name at ingest time. Distances in metres, energy in kcal.
    static let workouts = Migration(version: 10, name: "create_workouts", sql: """
        CREATE TABLE workouts (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            source TEXT NOT NULL,
            external_id TEXT NOT NULL,
            activity_type INTEGER NOT NULL,
            activity_name TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            ended_at BIGINT NOT NULL,
            duration_seconds DOUBLE PRECISION NOT NULL,
            total_energy_kcal DOUBLE PRECISION,
            total_distance_m DOUBLE PRECISION,
            source_name TEXT,
            device_type TEXT,
            sync_version INTEGER NOT NULL DEFAULT 1,
            deleted_at BIGINT,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            UNIQUE (user_id, source, external_id)
        );
        CREATE INDEX workouts_user_time ON workouts (user_id, started_at);
        """)
}
