import APIToolkit

/// `POST /api/admin/drain-per-sample-cumulative` (administrators): runs `PerSampleDrain` over
/// every user and answers with what it did. Running it again answers all zeros.
enum DrainEndpoint {
    static let countsSchema: Schema = .object("DrainCounts") {
        Property("users", .integer(min: 0), description: "Users who had per-sample rows.")
        Property("samplesRemoved", .integer(min: 0))
        Property("daysCreated", .integer(min: 0))
        Property("daysRaised", .integer(min: 0), description: "Existing stats: rows raised to the larger sum.")
        Property("daysKept", .integer(min: 0), description: "Existing stats: rows kept (as large or larger, or deleted).")
    }

    static let endpoint = Endpoint(
        .post, "/api/admin/drain-per-sample-cumulative", operationId: "drainPerSampleCumulative",
        summary: "Collapse legacy per-sample cumulative rows into daily stats rows",
        tags: ["admin"], access: .admin, success: OpenAPIResponse(200, "What the drain did", schema: countsSchema)
    ) { context in
        { _ in try context.responses.ok(try await PerSampleDrain(database: context.database).run()) }
    }
}
