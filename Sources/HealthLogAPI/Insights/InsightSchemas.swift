import APIToolkit
import CoachSafety

/// Schema pieces every insights payload shares.
enum InsightSchemas {
    /// A civil day, `YYYY-MM-DD` in the user's time zone.
    static let day: Schema = .date
    /// GROUND RULE 11: the lowercase English tokens, whatever the request's locale.
    static let severity: Schema = .string(oneOf: Severity.allCases.map(\.rawValue))
    static let status: Schema = .string(oneOf: TrendStatus.allCases.map(\.rawValue))
}
