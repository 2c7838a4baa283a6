import HTTPServer
import Storage

/// Stores one workouts batch (`BatchIngest`), deduplicated on (user, source, externalId),
/// audited as `workout.batch.ingest`.
enum WorkoutIngest {
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

    private static let batch = BatchIngest<WorkoutRow>(insert: insert, auditAction: AuditAction.workoutBatchIngest)

    static func ingest(_ workouts: [WorkoutBatchBody.Workout], userID: String, request: Request,
                       database: Database) async throws -> BatchResult {
        let now = Clock.now(), ids = BatchRowIDs.make(count: workouts.count)
        let mapped = workouts.enumerated().map { index, workout in WorkoutRow.map(workout, index: index, id: ids[index], now: now) }
        return try await batch.store(mapped, userID: userID, request: request, now: now, database: database)
    }
}
