import APIToolkit
import CoachSafety
import Foundation

/// `GET /api/insights/cards` (insightStatus flag): the six statuses as cards, most severe first
/// (important, warning, info), in route order within a severity.
enum CardsEndpoint {
    struct Card: Encodable, Sendable {
        /// The status route's name: `weight`, `activity`, …, `medication-compliance`.
        let id: String
        let metric: String
        /// `insights.card.<id>.title`: the app's localised title.
        let titleKey: String
        let summaryKey: String
        let severity: Severity
        let status: TrendStatus
        let current: InsightWindowValue?
        let change: InsightChange?
    }

    struct Page: Encodable, Sendable {
        let cards: [Card]
        let generatedAt: Date
    }

    static func cards(_ snapshot: InsightSnapshot) -> [Card] {
        let cards = StatusKind.allCases.map { kind in
            let status = snapshot.status(kind, at: snapshot.anchor)
            return Card(id: kind.rawValue, metric: status.metric, titleKey: "insights.card.\(kind.rawValue).title",
                        summaryKey: status.summaryKey, severity: status.severity, status: status.status,
                        current: status.current, change: status.change)
        }
        return cards.enumerated().sorted { ($0.element.severity.rank, $0.offset) < ($1.element.severity.rank, $1.offset) }.map(\.element)
    }

    static let schema: Schema = .object("InsightCards") {
        Property("cards", .array(of: .object("InsightCard") {
            Property("id", .string(oneOf: StatusKind.allCases.map(\.rawValue)))
            Property("metric", .string())
            Property("titleKey", .string())
            Property("summaryKey", .string(), description: "<metric>.<status>, e.g. steps.improving.")
            Property("severity", InsightSchemas.severity)
            Property("status", InsightSchemas.status)
            Property("current", InsightStatus.windowValueSchema.orNull)
            Property("change", InsightStatus.changeSchema.orNull)
        }), description: "Six cards, important first.")
        Property("generatedAt", .dateTimeUTC)
    }

    static let endpoint = Endpoint(
        .get, "/api/insights/cards", operationId: "getInsightCards", summary: "The six statuses as cards, most severe first",
        tags: [InsightsEndpoints.tag], access: .user, gate: .insightStatus,
        success: OpenAPIResponse(200, "Six cards", schema: schema)
    ) { context in
        { call in
            try context.responses.ok(try await InsightsEndpoints.read(call, context: context) { scope, connection in
                let snapshot = try InsightSnapshot.read(StatusKind.allCases, anchor: scope.today, scope: scope, on: connection)
                return Page(cards: cards(snapshot), generatedAt: scope.generatedAt)
            })
        }
    }
}
