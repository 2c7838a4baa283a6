import APIToolkit
import Foundation

/// `GET /api/insights/comprehensive` (coach flag): the six statuses, the correlations of the
/// default 90 days and the personal records, in one document as of the user's today.
enum ComprehensiveEndpoint {
    struct Document: Encodable, Sendable {
        let date: String
        let statuses: [InsightStatus]
        let correlations: CorrelationReport
        let personalRecords: PersonalRecordsEndpoint.Page
        let generatedAt: Date
    }

    static let schema: Schema = .object("InsightsComprehensive") {
        Property("date", InsightSchemas.day)
        Property("statuses", .array(of: InsightStatus.schema), description: "One per status route, in route order.")
        Property("correlations", CorrelationReport.schema)
        Property("personalRecords", PersonalRecordsEndpoint.pageSchema)
        Property("generatedAt", .dateTimeUTC)
    }

    static let endpoint = Endpoint(
        .get, "/api/insights/comprehensive", operationId: "getInsightsComprehensive",
        summary: "Statuses, correlations and personal records in one document", tags: [InsightsEndpoints.tag], access: .user, gate: .coach,
        success: OpenAPIResponse(200, "The document", schema: schema)
    ) { context in
        { call in
            try context.responses.ok(try await InsightsEndpoints.read(call, context: context) { scope, connection in
                let snapshot = try InsightSnapshot.read(StatusKind.allCases, anchor: scope.today, scope: scope, on: connection)
                return Document(date: scope.today, statuses: StatusKind.allCases.map { snapshot.status($0, at: scope.today) },
                                correlations: try CorrelationReport.read(days: CorrelationReport.defaultDays, scope: scope, on: connection),
                                personalRecords: try PersonalRecordsEndpoint.page(userID: scope.userID, on: connection),
                                generatedAt: scope.generatedAt)
            })
        }
    }
}
