import APIToolkit
import Foundation
import Storage

/// A daily series the correlations compare, and how a statement names it.
struct CorrelatedSeries: Sendable {
    let name: String
    let englishName: String
    let source: MetricSource
    let fillsDuringTheDay: Bool

    init(_ metric: InsightMetric, _ englishName: String) {
        (name, self.englishName, source, fillsDuringTheDay) = (metric.name, englishName, metric.source, metric.fillsDuringTheDay)
    }

    init(name: String, englishName: String, source: MetricSource, fillsDuringTheDay: Bool) {
        (self.name, self.englishName, self.source, self.fillsDuringTheDay) = (name, englishName, source, fillsDuringTheDay)
    }

    static let all = [
        CorrelatedSeries(.steps, "Steps"), CorrelatedSeries(.activeEnergy, "Active energy"), CorrelatedSeries(.sleep, "Sleep minutes"),
        CorrelatedSeries(.restingHeartRate, "Resting heart rate"), CorrelatedSeries(.weight, "Weight"), CorrelatedSeries(.mood, "Mood"),
        // Today's injection may still be logged, as today's steps still grow.
        CorrelatedSeries(name: "injection_day", englishName: "Injection days", source: .injections, fillsDuringTheDay: true),
    ]
}

/// Every pair of `CorrelatedSeries.all` over the days both have a value, within the last `days`
/// days of the user's calendar (today left out for a series whose day is still filling up).
struct CorrelationReport: Encodable, Sendable {
    struct Pair: Encodable, Sendable {
        let metricA: String
        let metricB: String
        /// Days on which both series have a value.
        let sampleSize: Int
        /// Pearson's r.
        let coefficient: Double
        let spearman: Double
        let significant: Bool
        let relation: String
        let statement: String
    }

    /// `significant` means |r| of at least this over at least `significantSampleSize` days.
    static let significantCoefficient = 0.3
    static let significantSampleSize = 14
    static let defaultDays = 90, maximumDays = 366

    let days: Int
    let period: InsightPeriod
    /// Pairs with a coefficient (at least three shared days, both series varying), strongest first.
    let pairs: [Pair]
    let generatedAt: Date

    static func read(days: Int, scope: InsightScope, on connection: any DatabaseConnection) throws -> CorrelationReport {
        let period = InsightPeriod(from: scope.calendar.shifted(scope.today, by: 1 - days), to: scope.today)
        let reader = InsightReader(scope: scope, connection: connection)
        let values = try CorrelatedSeries.all.map { series in
            var byDay = try reader.values(series.source, over: period).daily?.byDay ?? [:]
            if series.fillsDuringTheDay { byDay[scope.today] = nil }
            return (series, byDay)
        }
        var pairs: [Pair] = []
        for (index, (first, firstDays)) in values.enumerated() {
            for (second, secondDays) in values[(index + 1)...] {
                let shared = firstDays.keys.filter { secondDays[$0] != nil }.sorted()
                let x = shared.compactMap { firstDays[$0] }, y = shared.compactMap { secondDays[$0] }
                guard let r = Correlation.pearson(x, y), let rho = Correlation.spearman(x, y) else { continue }
                pairs.append(Pair(metricA: first.name, metricB: second.name, sampleSize: shared.count,
                                  coefficient: (r * 1000).rounded() / 1000, spearman: (rho * 1000).rounded() / 1000,
                                  significant: abs(r) >= significantCoefficient && shared.count >= significantSampleSize,
                                  relation: CorrelationPhrasing.relation,
                                  statement: CorrelationPhrasing.statement(first.englishName, second.englishName, coefficient: r,
                                                                           sampleSize: shared.count)))
            }
        }
        pairs.sort { (-abs($0.coefficient), $0.metricA, $0.metricB) < (-abs($1.coefficient), $1.metricA, $1.metricB) }
        return CorrelationReport(days: days, period: period, pairs: pairs, generatedAt: scope.generatedAt)
    }

    static let schema: Schema = .object("InsightCorrelations") {
        Property("days", .integer(min: Int64(significantSampleSize), max: Int64(maximumDays)))
        Property("period", InsightStatus.periodSchema)
        Property("pairs", .array(of: .object("InsightCorrelation") {
            Property("metricA", .string(oneOf: CorrelatedSeries.all.map(\.name)))
            Property("metricB", .string(oneOf: CorrelatedSeries.all.map(\.name)))
            Property("sampleSize", .integer(min: Int64(Correlation.minimumPairs)), description: "Days on which both series have a value.")
            Property("coefficient", .number(min: -1, max: 1), description: "Pearson's r, three decimals.")
            Property("spearman", .number(min: -1, max: 1), description: "Spearman's rho, three decimals.")
            Property("significant", .boolean, description: "|r| >= 0.3 over at least 14 days.")
            Property("relation", .string(oneOf: [CorrelationPhrasing.relation]))
            Property("statement", .string(), description: "English; says correlates with, never a cause (GROUND RULE 12).")
        }), description: "Pairs with a coefficient, strongest first.")
        Property("generatedAt", .dateTimeUTC)
    }
}
