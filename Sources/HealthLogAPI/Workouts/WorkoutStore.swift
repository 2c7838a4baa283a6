import Storage

/// The statements on `workouts` (schema: `HealthLogMigrations.workouts`) besides the backup's
/// (`BackupTable`): the batch insert, the personal-record read and the Coach's read. Each runs on the caller's
/// connection. `StoreOwnershipTests` fails when SQL naming the table appears anywhere else but the
/// migrations.
enum WorkoutStore {
    /// The batch insert, deduplicated on (user, source, externalId).
    static let insert = MultiRowInsert<Written<WorkoutRow>>(
        table: "workouts",
        columns: [
            InsertColumn("id", \.row.id),
            InsertColumn("user_id", \.userID),
            InsertColumn("source") { _ in .text(IngestSource.appleHealth) },
            InsertColumn("external_id", \.row.externalId),
            InsertColumn("activity_type", \.row.activityType),
            InsertColumn("activity_name", \.row.activityName),
            InsertColumn("started_at", \.row.startedAt),
            InsertColumn("ended_at", \.row.endedAt),
            InsertColumn("duration_seconds", \.row.duration),
            InsertColumn("total_energy_kcal", \.row.energy),
            InsertColumn("total_distance_m", \.row.distance),
            InsertColumn("source_name", \.row.sourceName),
            InsertColumn("device_type", \.row.deviceType),
            InsertColumn("created_at", \.write.seconds),
            InsertColumn("updated_at", \.write.seconds),
        ],
        conflictColumns: ["user_id", "source", "external_id"])

    /// The user's live workouts started at or after `since`, oldest first: start, active seconds
    /// and HealthKit's activity name (for the Coach's snapshot).
    static func recent(userID: String, since: Int64, on connection: any DatabaseConnection) throws
        -> [(startedAt: Int64, duration: Double, activityName: String)] {
        try connection.query("""
            SELECT started_at, duration_seconds, activity_name FROM workouts
            WHERE user_id = $1 AND deleted_at IS NULL AND started_at >= $2 ORDER BY started_at
            """, userID, since).map { (try $0.decode("started_at"), try $0.decode("duration_seconds"), try $0.decode("activity_name")) }
    }

    /// The user's longest live workout (its duration in seconds and start), the earliest on ties.
    static func longest(userID: String, on connection: any DatabaseConnection) throws -> (duration: Double, startedAt: Int64)? {
        try connection.queryFirst("""
            SELECT duration_seconds, started_at FROM workouts WHERE user_id = $1 AND deleted_at IS NULL
            ORDER BY duration_seconds DESC, started_at LIMIT 1
            """, userID).map { (try $0.decode("duration_seconds"), try $0.decode("started_at")) }
    }
}
