import APIToolkit

/// `POST /api/workouts/batch` (contract §2.2): the measurements batch's envelope, rate limit and
/// Idempotency-Key, for HealthKit workouts. See `docs/healthlog/ingest.md`.
enum WorkoutBatchEndpoint {
    static let route = "/api/workouts/batch"
    static let tooLargeCode = "workout.batch.too_large"

    static let endpoint = Endpoint(
        .post, route, operationId: "ingestWorkoutBatch", summary: "Store a batch of Apple Health workouts",
        tags: ["workouts"], access: .user, documentedBody: WorkoutBatchBody.schema,
        success: OpenAPIResponse(200, BatchEndpointSupport.successDescription(maxEntries: WorkoutBatchBody.maxWorkouts,
                                                                              tooLargeCode: tooLargeCode),
                                 schema: BatchResult.schema),
        failures: BatchEndpointSupport.failures
    ) { context in
        let pipeline = BatchEndpointSupport.pipeline(context)
        return { call in
            try await pipeline.run(call, route: route) { user in
                let body = try BatchBodyDecoding.decode(WorkoutBatchBody.self, from: call.request.body, listKey: "workouts",
                                                        maxEntries: WorkoutBatchBody.maxWorkouts, tooLargeCode: tooLargeCode)
                let result = try await WorkoutIngest.ingest(body.workouts, userID: user.userID, request: call.request,
                                                            database: context.database)
                return try context.responses.ok(result)
            }
        }
    }.limitingBody(to: BatchEndpointSupport.maxBodyBytes).withHeaderParameters([IdempotencyKeyHeader.parameter])
}
