import CoachSafety

/// The weight status's annotation `weight.<direction>_since_glp1_start`: the user's weight on
/// the last day with a weighing up to the start of their first GLP-1 medication (at most
/// `lookbackDays` before it) against their latest weighing since. It says when the change
/// happened, not why (GROUND RULE 12), and stays `info`: no goal is assumed for weight.
enum WeightSinceGLP1 {
    static let lookbackDays = 14

    static func annotation(reader: InsightReader, anchor: String) throws -> TrendAnnotation? {
        let starts = try reader.medications().filter { $0.details.kind == MedicationFields.glp1Kind }
            .compactMap { $0.details.startDate ?? $0.glp1?.since }
        guard let start = starts.min(), start < anchor else { return nil }
        let calendar = reader.scope.calendar, metric = InsightMetric.weight
        func lastWeighing(from: String, to: String) throws -> (day: String, value: Double)? {
            try reader.values(metric.source, over: InsightPeriod(from: from, to: to)).daily?.points(from: from, to: to).last
        }
        guard let before = try lastWeighing(from: calendar.shifted(start, by: -lookbackDays), to: start),
              let latest = try lastWeighing(from: calendar.shifted(start, by: 1), to: anchor) else { return nil }
        let change = latest.value - before.value
        let direction = TrendDirection(change: change, bands: metric.band.bands(change: change, baseline: before.value))
        return TrendAnnotation(metric: metric.name, direction: direction, severity: .info, startDate: start, endDate: latest.day,
                               summaryKey: "\(metric.name).\(direction.rawValue)_since_glp1_start")
    }
}
