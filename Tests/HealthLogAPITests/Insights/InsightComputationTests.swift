@testable import HealthLogAPI
import XCTest

/// The pure pieces of the insights, without a server: coefficients, trend lines, judgements and
/// the tables they read.
final class InsightComputationTests: XCTestCase {
    func testPearsonAndSpearmanOfKnownSamples() throws {
        let x: [Double] = [1, 2, 3, 4, 5], y: [Double] = [2, 4, 5, 4, 5]
        XCTAssertEqual(try XCTUnwrap(Correlation.pearson(x, y)), 0.7745966692, accuracy: 1e-9)
        XCTAssertEqual(Correlation.ranks(y), [1, 2.5, 4.5, 2.5, 4.5], "ties share their mean rank")
        XCTAssertEqual(try XCTUnwrap(Correlation.spearman(x, y)), 0.7378647873, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(Correlation.spearman(x, x.map { $0 * $0 * $0 })), 1, accuracy: 1e-12, "monotonic is rho 1")
        XCTAssertNil(Correlation.pearson([1, 2], [3, 4]), "two pairs are too few")
        XCTAssertNil(Correlation.pearson([0.1, 0.1, 0.1], [1, 2, 3]), "a constant side has no coefficient")
    }

    func testTrendLineAndJudgementsFollowTheDocumentedRules() {
        XCTAssertEqual(TrendJudgement.trend(of: [(0, 82), (27, 80)], acrossDays: 28), -2)
        XCTAssertNil(TrendJudgement.trend(of: [(5, 80)], acrossDays: 28))
        func judge(_ metric: InsightMetric, _ current: Double, _ baseline: Double, trend: Double? = nil) -> TrendJudgement {
            TrendJudgement(metric: metric, current: WindowMeasure(value: current, observations: 7),
                           baseline: WindowMeasure(value: baseline, observations: 28), baselineTrend: trend)
        }
        XCTAssertEqual(judge(.steps, 8700, 8000).status, .stable, "8.75 % is inside the 10 % band")
        XCTAssertEqual(judge(.restingHeartRate, 58, 60).status, .improving, "lower is better for resting heart rate")
        XCTAssertEqual(judge(.restingHeartRate, 62, 60).severity, .warning, "3.3 %: one band")
        XCTAssertEqual(judge(.weight, 78, 80, trend: 2).status, .declining, "against the user's rising trend")
        XCTAssertEqual(judge(.weight, 82, 80, trend: 2).status, .improving, "with it")
        XCTAssertEqual(judge(.weight, 82, 80, trend: 2).severity, .info)
        XCTAssertEqual(judge(.medicationCompliance, 95, 100).status, .stable, "5 points, inside 10")
        let sparse = TrendJudgement(metric: .steps, current: WindowMeasure(value: 1, observations: 2), baseline: nil, baselineTrend: nil)
        XCTAssertEqual(sparse, TrendJudgement(metric: .mood, current: nil, baseline: nil, baselineTrend: nil))
        XCTAssertEqual(sparse.status, .insufficientData)
    }

    /// Every schedule the medication routes accept has a rhythm, except as_needed.
    func testEveryScheduleButAsNeededHasACadence() {
        XCTAssertEqual(Set(DoseCadence.bySchedule.keys), Set(MedicationFields.schedules).subtracting(["as_needed"]))
    }

    /// A measurement metric's unit is the mapping table's canonical unit, or a stated conversion (sleep in minutes).
    func testMeasurementMetricsUseTheMappingsCanonicalUnit() {
        for kind in StatusKind.allCases {
            for metric in kind.metrics {
                switch metric.source {
                case .dailyMean(let type):
                    XCTAssertEqual(metric.unit, MetricKinds.mapping(of: type)?.canonicalUnit, metric.name)
                case .dailyTotal(let type, let scale):
                    let unit = MetricKinds.mapping(of: type)?.canonicalUnit
                    XCTAssertEqual(metric.unit, scale == 1 ? unit ?? "" : "min", metric.name)
                    if scale != 1 { XCTAssertEqual(unit, "s", "\(metric.name): minutes from seconds") }
                default: break
                }
            }
        }
    }
}
