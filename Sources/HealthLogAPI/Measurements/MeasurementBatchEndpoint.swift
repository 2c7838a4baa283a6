import APIToolkit

/// `POST /api/measurements/batch` (contract §2.1): Apple Health samples in, one status per
/// entry out. See `docs/healthlog/ingest.md`.
enum MeasurementBatchEndpoint {
    static let route = "/api/measurements/batch"
    static let tooLargeCode = "measurement.batch.too_large"

    static let endpoint = Endpoint(
        .post, route, operationId: "ingestMeasurementBatch", summary: "Store a batch of Apple Health samples",
        tags: ["measurements"], access: .user, documentedBody: MeasurementBatchBody.schema,
        success: OpenAPIResponse(200, BatchEndpointSupport.successDescription(maxEntries: MeasurementBatchBody.maxEntries,
                                                                              tooLargeCode: tooLargeCode),
                                 schema: BatchResult.schema),
        failures: BatchEndpointSupport.failures
    ) { context in
        let pipeline = BatchEndpointSupport.pipeline(context)
        return { call in
            try await pipeline.run(call, route: route) { user in
                let body = try BatchBodyDecoding.decode(MeasurementBatchBody.self, from: call.request.body, listKey: "entries",
                                                        maxEntries: MeasurementBatchBody.maxEntries, tooLargeCode: tooLargeCode)
                let result = try await MeasurementIngest.ingest(body.entries, userID: user.userID, request: call.request,
                                                                database: context.database)
                return try context.responses.ok(result)
            }
        }
    }.limitingBody(to: BatchEndpointSupport.maxBodyBytes).withHeaderParameters([IdempotencyKeyHeader.parameter])
}
