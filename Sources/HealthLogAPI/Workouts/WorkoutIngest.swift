import HTTPServer
import Storage

/// Stores one workouts batch (`BatchIngest`), deduplicated on (user, source, externalId),
/// audited as `workout.batch.ingest`.
enum WorkoutIngest {
    private static let batch = BatchIngest<WorkoutRow>(insert: WorkoutStore.insert, auditAction: AuditAction.workoutBatchIngest)

    static func ingest(_ workouts: [WorkoutBatchBody.Workout], userID: String, request: Request,
                       database: Database) async throws -> BatchResult {
        let now = Clock.now(), ids = BatchRowIDs.make(count: workouts.count, for: database.dialect)
        let mapped = workouts.enumerated().map { index, workout in WorkoutRow.map(workout, index: index, id: ids[index], now: now) }
        return try await batch.store(mapped, userID: userID, request: request, now: now, database: database)
    }
}
