import Foundation
@testable import HealthLogAPI
import XCTest

/// `GET /api/insights/correlations`: coefficients from the user's own daily series over the days
/// both series have, and GROUND RULE 12: a statement says "correlates with", never a cause.
final class CorrelationTests: XCTestCase {
    func testPerfectCorrelationHasROneOverTheSharedDaysOnSQLite() async throws { try await perfect(.sqlite) }
    func testPerfectCorrelationHasROneOverTheSharedDaysOnPostgres() async throws { try await perfect(.postgres) }
    func testNoStatementClaimsACauseOnSQLite() async throws { try await noCause(.sqlite) }
    func testNoStatementClaimsACauseOnPostgres() async throws { try await noCause(.postgres) }

    /// Words and phrases that would state or imply a cause.
    static let causalWords = ["cause", "caused", "causes", "causing", "causal", "leads to", "led to", "lead to", "because", "due to",
                              "results in", "resulted in", "result of", "drives", "driven by", "makes", "made", "triggers",
                              "triggered", "effect of", "affects", "improves", "worsens", "reduces", "increases", "so that"]

    private func perfect(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "pearson@example.com"), days = client.days
        // Twenty days on which active energy is exactly steps / 20 and weight falls as steps rise;
        // mood on ten of them only.
        var entries: [[String: Any]] = []
        for index in 0..<20 {
            let day = -21 + index, steps = Double(4000 + 500 * index)
            entries.append(client.dailyTotal("StepCount", steps, unit: "count", day: day))
            entries.append(client.dailyTotal("ActiveEnergyBurned", steps / 20, unit: "kcal", day: day))
            entries.append(client.reading("BodyMass", 90 - 0.25 * Double(index), unit: "kg", day: day))
        }
        try await client.send(entries)
        try await client.sendMoods((0..<10).map { (-21 + $0, 1 + $0 % 5) })

        let report = try client.decode(AppCorrelations.self, try client.get("/api/insights/correlations"))
        XCTAssertEqual(report.days, 90)
        XCTAssertEqual(report.period, AppPeriod(from: days.day(-89), to: days.day(0)))
        let energy = try XCTUnwrap(report.pairs.first { $0.metricA == "steps" && $0.metricB == "active_energy" })
        XCTAssertEqual(energy.coefficient, 1)
        XCTAssertEqual(energy.spearman, 1)
        XCTAssertEqual(energy.sampleSize, 20)
        XCTAssertTrue(energy.significant)
        XCTAssertEqual(energy.relation, "correlates_with")
        XCTAssertEqual(energy.statement,
                       "Steps correlates with active energy (r = 1.00, n = 20 days); this does not show that one causes the other.")
        let weight = try XCTUnwrap(report.pairs.first { $0.metricA == "steps" && $0.metricB == "weight" })
        XCTAssertEqual(weight.coefficient, -1)
        XCTAssertEqual(weight.statement,
                       "Steps correlates with weight (r = -1.00, n = 20 days); this does not show that one causes the other.")
        let mood = try XCTUnwrap(report.pairs.first { $0.metricA == "steps" && $0.metricB == "mood" })
        XCTAssertEqual(mood.sampleSize, 10, "only the days both series have")
        XCTAssertFalse(mood.significant, "10 days are too few, whatever r is")
        XCTAssertNil(report.pairs.first { $0.metricA == "sleep" || $0.metricB == "sleep" }, "no sleep data, no pair")
        XCTAssertEqual(report.pairs.map { abs($0.coefficient) }, report.pairs.map { abs($0.coefficient) }.sorted(by: >), "strongest first")

        let short = try client.decode(AppCorrelations.self, try client.get("/api/insights/correlations?days=14"))
        XCTAssertEqual(short.period.from, days.day(-13))
        XCTAssertEqual(short.pairs.first { $0.metricA == "steps" && $0.metricB == "active_energy" }?.sampleSize, 12,
                       "days -13 to -2: the twenty end the day before yesterday")
        for query in ["days=13", "days=367", "days=ninety", "window=90"] {
            let refused = try client.get("/api/insights/correlations?" + query)
            XCTAssertEqual(refused.status, 422, "\(query): \(refused.body)")
        }
    }

    private func noCause(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "causes@example.com")
        // Sixty days of every series, with unrelated rhythms, and weekly injections.
        var entries: [[String: Any]] = []
        for day in -60...(-1) {
            let phase = Double((day + 60) % 7), wave = Double((day + 60) % 11)
            entries.append(client.dailyTotal("StepCount", 6000 + 400 * phase, unit: "count", day: day))
            entries.append(client.dailyTotal("ActiveEnergyBurned", 300 + 17 * wave, unit: "kcal", day: day))
            entries.append(client.night(minutes: 400 + 5 * wave - 3 * phase, day: day))
            entries.append(client.reading("RestingHeartRate", 58 + phase - wave / 3, unit: "count/min", day: day))
            entries.append(client.reading("BodyMass", 85 - Double(day + 60) / 20, unit: "kg", day: day))
        }
        try await client.send(entries)
        try await client.sendMoods((-60...(-1)).map { ($0, 1 + (($0 + 60) * 3) % 5) })
        let pen = try client.medications.createdID(name: "Mounjaro")
        XCTAssertEqual(try client.medications.setGLP1(pen, drug: "tirzepatide", brand: "Mounjaro", doseMg: 5,
                                                      since: client.days.day(-56)).status, 200)
        _ = try await client.sendIntakes(pen, stride(from: -56, through: -1, by: 7).map { ($0, false) })

        let report = try client.decode(AppCorrelations.self, try client.get("/api/insights/correlations?days=60"))
        XCTAssertEqual(report.pairs.count, 21, "every pair of the seven series")
        XCTAssertTrue(report.pairs.contains { $0.metricB == "injection_day" })
        for pair in report.pairs {
            XCTAssertEqual(pair.relation, "correlates_with")
            XCTAssertTrue(pair.statement.contains(" correlates with "), pair.statement)
            XCTAssertTrue(pair.statement.hasSuffix("; " + CorrelationPhrasing.disclaimer), pair.statement)
            let claim = pair.statement.dropLast(CorrelationPhrasing.disclaimer.count).lowercased()
            for word in Self.causalWords {
                XCTAssertNil(claim.range(of: "\\b\(word)\\b", options: .regularExpression), "\(word) in: \(pair.statement)")
            }
            XCTAssertEqual(pair.significant, abs(pair.coefficient) >= 0.3 && pair.sampleSize >= 14, pair.statement)
        }
    }
}
