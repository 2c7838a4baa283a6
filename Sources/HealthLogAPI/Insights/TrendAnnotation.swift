import APIToolkit
import CoachSafety

/// Which way a metric moved over an annotation's days; a change smaller than the metric's
/// `StableBand` is `flat`.
enum TrendDirection: String, CaseIterable, Codable, Sendable {
    case up, down, flat

    /// Flat below one band (`StableBand.bands`), else the sign of the change.
    init(change: Double, bands: Double) {
        self = bands < 1 ? .flat : (change > 0 ? .up : .down)
    }
}

/// One trend line on an insight (contract §10, trend-annotations-schema): which metric, which
/// way, how prominent, over which days (`YYYY-MM-DD`, the user's time zone), and a stable
/// machine token the app turns into words in its own language, never prose from here.
struct TrendAnnotation: Encodable, Sendable, Equatable {
    let metric: String
    let direction: TrendDirection
    let severity: Severity
    let startDate: String
    let endDate: String
    /// `<metric>.<direction>_vs_baseline`, or `weight.<direction>_since_glp1_start`.
    let summaryKey: String

    static let schema: Schema = .object("TrendAnnotation") {
        Property("metric", .string(), description: "A HealthLog metric name (steps, resting_heart_rate, …).")
        Property("direction", .string(oneOf: TrendDirection.allCases.map(\.rawValue)))
        Property("severity", InsightSchemas.severity)
        Property("startDate", InsightSchemas.day)
        Property("endDate", InsightSchemas.day)
        Property("summaryKey", .string(pattern: "^[a-z0-9_]+\\.[a-z0-9_]+$"),
                 description: "A stable token such as weight.down_since_glp1_start; the app localises it.")
    }
}
