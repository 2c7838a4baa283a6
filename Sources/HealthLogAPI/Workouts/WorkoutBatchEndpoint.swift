/// `POST /api/workouts/batch` (contract §2.2): the measurements batch's envelope, rate limit and
/// Idempotency-Key, for HealthKit workouts. See `docs/healthlog/ingest.md`.
enum WorkoutBatchEndpoint {
    static let route = "/api/workouts/batch"
    static let tooLargeCode = "workout.batch.too_large"

    static let endpoint = BatchEndpointSupport.endpoint(
        route: route, operationId: "ingestWorkoutBatch", summary: "Store a batch of Apple Health workouts",
        tag: "workouts", body: WorkoutBatchBody.self, schema: WorkoutBatchBody.schema, listKey: "workouts",
        maxEntries: WorkoutBatchBody.maxWorkouts, tooLargeCode: tooLargeCode
    ) { body, userID, request, database in
        try await WorkoutIngest.ingest(body.workouts, userID: userID, request: request, database: database)
    }
}
