/// `POST /api/measurements/batch` (contract §2.1): Apple Health samples in, one status per
/// entry out. See `docs/healthlog/ingest.md`.
enum MeasurementBatchEndpoint {
    static let route = "/api/measurements/batch"
    static let tooLargeCode = "measurement.batch.too_large"

    static let endpoint = BatchEndpointSupport.endpoint(
        route: route, operationId: "ingestMeasurementBatch", summary: "Store a batch of Apple Health samples",
        tag: "measurements", body: MeasurementBatchBody.self, schema: MeasurementBatchBody.schema, listKey: "entries",
        maxEntries: MeasurementBatchBody.maxEntries, tooLargeCode: tooLargeCode
    ) { body, userID, request, database in
        try await MeasurementIngest.ingest(body.entries, userID: userID, request: request, database: database)
    }
}
