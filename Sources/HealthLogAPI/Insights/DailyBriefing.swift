import APIToolkit
import CoachSafety
import Foundation

/// The daily briefing (GROUND RULE 13's strict schema), computed from the user's rows as of a
/// day: one section per status route, a headline pointing at the most notable one, and the
/// health score with its delta explanation. Text is never written here: every `key` is a stable
/// token the app renders in its own language, and every number comes from the rows.
struct DailyBriefing: Encodable, Sendable {
    struct Headline: Encodable, Sendable {
        /// `briefing.headline.<metric>.<improving|declining>`, `briefing.headline.steady` or
        /// `briefing.headline.getting_started` (no status has enough data yet).
        let key: String
        let severity: Severity
    }

    struct Values: Encodable, Sendable {
        let current: Double?
        let baseline: Double?
        let unit: String
        let changeAbsolute: Double?
        let changePercent: Double?
    }

    struct Section: Encodable, Sendable {
        let metric: String
        let status: TrendStatus
        let severity: Severity
        let summaryKey: String
        let values: Values
    }

    let date: String
    let promptVersion: String
    let headline: Headline
    let sections: [Section]
    let healthScore: HealthScore
    let generatedAt: Date

    init(snapshot: InsightSnapshot) {
        let date = snapshot.anchor, weekEarlier = snapshot.scope.calendar.shifted(date, by: -HealthScore.deltaDays)
        let statuses = StatusKind.allCases.map { ($0, snapshot.status($0, at: date)) }
        sections = statuses.map { kind, status in
            Section(metric: status.metric, status: status.status, severity: status.severity, summaryKey: status.summaryKey,
                    values: Values(current: status.current?.value, baseline: status.baseline?.value, unit: kind.primary.unit,
                                   changeAbsolute: status.change?.absolute, changePercent: status.change?.percent))
        }
        self.date = date
        promptVersion = PromptVersion.current
        headline = Self.headline(sections)
        healthScore = HealthScore(now: Dictionary(uniqueKeysWithValues: statuses.map { ($0.0, $0.1.status) }),
                                  weekEarlier: Dictionary(uniqueKeysWithValues: StatusKind.allCases.map {
                                      ($0, snapshot.assess($0.primary, at: weekEarlier).judgement.status)
                                  }))
        generatedAt = snapshot.scope.generatedAt
    }

    /// The most severe improving or declining section (a decline before an improvement of the
    /// same severity, then section order); else steady when anything is stable.
    static func headline(_ sections: [Section]) -> Headline {
        let notable = sections.enumerated().filter { $0.element.status == .declining || $0.element.status == .improving }
        if let top = notable.min(by: { rank($0) < rank($1) })?.element {
            return Headline(key: "briefing.headline.\(top.metric).\(top.status.rawValue)", severity: top.severity)
        }
        return Headline(key: sections.contains { $0.status == .stable } ? "briefing.headline.steady" : "briefing.headline.getting_started",
                        severity: .info)
    }

    private static func rank(_ entry: (offset: Int, element: Section)) -> (Int, Int, Int) {
        (entry.element.severity.rank, entry.element.status == .declining ? 0 : 1, entry.offset)
    }

    static let schema: Schema = .object("DailyBriefing") {
        Property("date", InsightSchemas.day)
        Property("promptVersion", .string(oneOf: [PromptVersion.current]))
        Property("headline", .object("DailyBriefingHeadline") {
            Property("key", .string())
            Property("severity", InsightSchemas.severity)
        })
        Property("sections", .array(of: .object("DailyBriefingSection") {
            Property("metric", .string())
            Property("status", InsightSchemas.status)
            Property("severity", InsightSchemas.severity)
            Property("summaryKey", .string(), description: "<metric>.<status>.")
            Property("values", .object("DailyBriefingValues") {
                Property("current", Schema.number().orNull)
                Property("baseline", Schema.number().orNull)
                Property("unit", .string())
                Property("changeAbsolute", Schema.number().orNull)
                Property("changePercent", Schema.number().orNull)
            })
        }), description: "One per status route, in route order.")
        Property("healthScore", HealthScore.schema)
        Property("generatedAt", .dateTimeUTC)
    }
}
