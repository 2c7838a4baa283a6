import APIToolkit
import CoachSafety
import Foundation

/// A metric's status against the user's own baseline. `insufficientData` is an answer, not an
/// error: missing data is never reproached (GROUND RULE 14).
enum TrendStatus: String, CaseIterable, Codable, Sendable {
    case improving, stable, declining
    case insufficientData = "insufficient_data"
}

/// The days a value covers, inclusive, `YYYY-MM-DD` in the user's time zone.
struct InsightPeriod: Encodable, Sendable, Equatable {
    let from: String
    let to: String
}

/// A window's value (the mean of its days, or compliance over its doses) in the metric's unit.
struct InsightWindowValue: Encodable, Sendable {
    let value: Double
    let unit: String
    let period: InsightPeriod
}

/// Current minus baseline, and that as a percent of the baseline (null when the baseline is 0).
struct InsightChange: Encodable, Sendable {
    let absolute: Double
    let percent: Double?
}

/// The locked status schema of the six status routes (and of each card, section and
/// comprehensive entry): every number computed from the user's own rows.
struct InsightStatus: Encodable, Sendable {
    let metric: String
    let status: TrendStatus
    let severity: Severity
    let current: InsightWindowValue?
    let baseline: InsightWindowValue?
    let change: InsightChange?
    /// Observations both windows were computed from: days with data, or expected doses.
    let sampleSize: Int
    let annotations: [TrendAnnotation]
    let generatedAt: Date

    /// `<metric>.<status>`: the token a card or briefing section shows for this status.
    var summaryKey: String { "\(metric).\(status.rawValue)" }

    static let periodSchema: Schema = .object("InsightPeriod") {
        Property("from", InsightSchemas.day)
        Property("to", InsightSchemas.day)
    }

    static let windowValueSchema: Schema = .object("InsightWindowValue") {
        Property("value", .number(), description: "Rounded to two decimals.")
        Property("unit", .string())
        Property("period", periodSchema)
    }

    static let changeSchema: Schema = .object("InsightChange") {
        Property("absolute", .number(), description: "current.value - baseline.value.")
        Property("percent", Schema.number().orNull, description: "The change as a percent of the baseline; null when the baseline is 0.")
    }

    static let schema: Schema = .object("InsightStatus") {
        Property("metric", .string())
        Property("status", InsightSchemas.status, description: "insufficient_data when a window holds too little data (never an error).")
        Property("severity", InsightSchemas.severity)
        Property("current", windowValueSchema.orNull, description: "The last 7 days (28 for medication_compliance); null without data.")
        Property("baseline", windowValueSchema.orNull, description: "The 28 days before the current window; null without data.")
        Property("change", changeSchema.orNull, description: "Null unless both windows have a value.")
        Property("sampleSize", .integer(min: 0))
        Property("annotations", .array(of: TrendAnnotation.schema))
        Property("generatedAt", .dateTimeUTC)
    }
}
