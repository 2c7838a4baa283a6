import HTTPServer
import Storage

/// Stores one workouts batch in one transaction, deduplicated on (user, source, externalId),
/// with its `workout.batch.ingest` audit row and, when anything new arrived, the
/// personal-record detection job (longest workout).
enum WorkoutIngest {
    private static let insert = MultiRowInsert(
        table: "workouts",
        columns: ["id", "user_id", "source", "external_id", "activity_type", "activity_name", "started_at", "ended_at",
                  "duration_seconds", "total_energy_kcal", "total_distance_m", "source_name", "device_type", "created_at",
                  "updated_at"],
        conflictColumns: ["user_id", "source", "external_id"])

    static func ingest(_ workouts: [WorkoutBatchBody.Workout], userID: String, request: Request,
                       database: Database) async throws -> BatchResult {
        var outcomes = [EntryOutcome](repeating: .duplicate, count: workouts.count)
        var mapped: [WorkoutRow] = []
        for (index, workout) in workouts.enumerated() {
            switch WorkoutRow.map(workout, index: index) {
            case .success(let row): mapped.append(row)
            case .failure(let reason): outcomes[index] = .skipped(reason)
            }
        }
        // One lock order for every transaction: overlapping batches wait for each other, never deadlock.
        let rows = mapped.sorted { $0.externalId < $1.externalId }
        let now = Clock.now()
        let values = rows.map { row -> [SQLValue] in
            [.text(row.id), .text(userID), .text(IngestSource.appleHealth), .text(row.externalId), .integer(Int64(row.activityType)),
             .text(row.activityName), .integer(row.startedAt), .integer(row.endedAt), .real(row.duration), row.energy.sqlValue,
             row.distance.sqlValue, row.sourceName.sqlValue, row.deviceType.sqlValue, .integer(now), .integer(now)]
        }
        let settled = outcomes
        return try await database.transaction { connection in
            let inserted = try insert.run(values, on: connection)
            var outcomes = settled
            for row in rows where inserted.contains(row.id) { outcomes[row.index] = .inserted }
            let result = BatchResult(outcomes: outcomes)
            try IngestAudit.record(AuditAction.workoutBatchIngest, result: result, userID: userID, request: request,
                                   now: now, on: connection)
            return result
        }
    }
}
