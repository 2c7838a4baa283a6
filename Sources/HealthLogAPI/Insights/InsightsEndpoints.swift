import APIToolkit
import Storage

/// The insights routes (docs/healthlog/insights.md): the six statuses and the cards behind the
/// insightStatus flag, the correlations behind the correlations flag, the daily briefing and the
/// comprehensive document behind the coach flag (contract §14). Every number is computed from
/// the caller's own rows; no language model is involved.
enum InsightsEndpoints {
    static let tag = "insights"

    static let endpoints: [Endpoint] = StatusEndpoints.endpoints
        + [CardsEndpoint.endpoint, CorrelationsEndpoint.endpoint, BriefingEndpoint.endpoint, ComprehensiveEndpoint.endpoint]

    /// `body` on one read connection, with the caller's scope: every read of a request sees the same rows.
    static func read<T: Sendable>(_ call: EndpointCall, context: HealthLogContext,
                                  _ body: @escaping @Sendable (InsightScope, any DatabaseConnection) throws -> T) async throws -> T {
        let userID = try call.user().userID
        return try await context.database.read { connection in try body(try InsightScope(userID: userID, on: connection), connection) }
    }
}
