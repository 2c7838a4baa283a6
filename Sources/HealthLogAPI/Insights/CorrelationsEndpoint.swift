import APIToolkit

/// `GET /api/insights/correlations?days=` (correlations flag): pairwise correlations between the
/// user's daily series over the last `days` days (14–366, default 90).
enum CorrelationsEndpoint {
    static let daysParameter = OpenAPIParameter.query(
        "days", .integer(min: Int64(CorrelationReport.significantSampleSize), max: Int64(CorrelationReport.maximumDays)),
        description: "Days to read, ending today in the user's time zone; default \(CorrelationReport.defaultDays). Fewer than 14 could never be significant.")

    static let endpoint = Endpoint(
        .get, "/api/insights/correlations", operationId: "getInsightCorrelations",
        summary: "Correlations between the user's daily series (never causes)", tags: [InsightsEndpoints.tag], access: .user,
        gate: .correlations, queryParameters: [daysParameter],
        success: OpenAPIResponse(200, "Every pair with a coefficient, strongest first", schema: CorrelationReport.schema)
    ) { context in
        { call in
            let days = call.query["days"]?.integerValue.map(Int.init) ?? CorrelationReport.defaultDays
            return try context.responses.ok(try await InsightsEndpoints.read(call, context: context) { scope, connection in
                try CorrelationReport.read(days: days, scope: scope, on: connection)
            })
        }
    }
}
