import APIToolkit
import HTTPServer
import ServiceRuntime
import Storage

/// What the two batch endpoints declare alike: the body ceiling, the shared failures and the
/// pipeline built from the service context.
enum BatchEndpointSupport {
    /// Contract §2.2's pre-parse ceiling, "5 MB" read as 5,000,000 bytes (not 5 MiB): the iOS
    /// client falls back to one workout per call above 5 MB, so the server must never accept
    /// what the client counts as over. Applied to both batch routes, checked against
    /// `Content-Length` before any of the body is read.
    static let maxBodyBytes = 5_000_000

    static func successDescription(maxEntries: Int, tooLargeCode: String) -> String {
        """
        Always 200 once the batch is valid, whatever each entry became. At most \(maxEntries) entries \
        (422 \(tooLargeCode) beyond). Optional Idempotency-Key header (1-255 visible ASCII, quoted or bare; \
        400 idempotency.key_invalid otherwise), scoped per user and route: a repeat within 24 h returns the \
        original status and body byte for byte with Idempotent-Replayed: true; the same key with a different \
        body is 422 idempotency.key_reused.
        """
    }

    static let failures = [
        OpenAPIResponse(409, "idempotency.in_progress: a request with this Idempotency-Key is still running; Retry-After gives the seconds until its claim lapses unless renewed"),
        OpenAPIResponse(429, "batch.rate_limited: over 60 batches per minute per user (both batch endpoints together); Retry-After"),
    ]

    /// A batch endpoint: strict body with at most `maxEntries` items under `listKey` (422
    /// `tooLargeCode` beyond), then rate limit and Idempotency-Key around `ingest`, the body
    /// ceiling checked before reading, the Idempotency-Key header published.
    static func endpoint<Body: RequestBody>(
        route: String, operationId: String, summary: String, tag: String, body: Body.Type, schema: Schema,
        listKey: String, maxEntries: Int, tooLargeCode: String, resultSchema: Schema = BatchResult.schema,
        ingest: @escaping @Sendable (Body, _ userID: String, Request, Database) async throws -> BatchResult
    ) -> Endpoint {
        Endpoint(
            .post, route, operationId: operationId, summary: summary, tags: [tag], access: .user, documentedBody: schema,
            success: OpenAPIResponse(200, successDescription(maxEntries: maxEntries, tooLargeCode: tooLargeCode),
                                     schema: resultSchema),
            failures: failures
        ) { context in
            let pipeline = pipeline(context)
            return { call in
                try await pipeline.run(call, route: route) { user in
                    let decoded = try BatchBodyDecoding.decode(Body.self, from: call.request.body, listKey: listKey,
                                                               maxEntries: maxEntries, tooLargeCode: tooLargeCode)
                    return try context.responses.ok(try await ingest(decoded, user.userID, call.request, context.database).json)
                }
            }
        }.limitingBody(to: maxBodyBytes).withHeaderParameters([IdempotencyKeyHeader.parameter])
    }

    static func pipeline(_ context: HealthLogContext) -> BatchPipeline {
        BatchPipeline(idempotency: IdempotencyStore(database: context.database),
                      rateLimiter: BatchRateLimiter(database: context.database),
                      renderer: EnvelopeErrorRenderer(style: context.responses.style))
    }
}
