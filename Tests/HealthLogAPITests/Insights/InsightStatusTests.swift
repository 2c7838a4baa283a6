import Foundation
import XCTest

/// The six status routes over real HTTP, from data sent as the app sends it: known numbers in,
/// known statuses out (docs/healthlog/insights.md, "Status").
final class InsightStatusTests: XCTestCase {
    func testWeightIsJudgedAgainstTheUsersOwnTrendNeverAGoalOnSQLite() async throws { try await weight(.sqlite) }
    func testWeightIsJudgedAgainstTheUsersOwnTrendNeverAGoalOnPostgres() async throws { try await weight(.postgres) }
    func testActivitySleepHeartAndMoodFromKnownNumbersOnSQLite() async throws { try await knownNumbers(.sqlite) }
    func testActivitySleepHeartAndMoodFromKnownNumbersOnPostgres() async throws { try await knownNumbers(.postgres) }
    func testCardsComeMostSevereFirstOnSQLite() async throws { try await cards(.sqlite) }
    func testCardsComeMostSevereFirstOnPostgres() async throws { try await cards(.postgres) }
    func testMissingDataIsInsufficientDataNeverAnErrorOnSQLite() async throws { try await missingData(.sqlite) }
    func testMissingDataIsInsufficientDataNeverAnErrorOnPostgres() async throws { try await missingData(.postgres) }

    private func status(_ client: InsightClient, _ route: String, file: StaticString = #filePath, line: UInt = #line) throws -> AppInsightStatus {
        try client.decode(AppInsightStatus.self, try client.get("/api/insights/\(route)-status"), file: file, line: line)
    }

    private func weight(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        func weighings(_ client: InsightClient, _ values: [(day: Int, kg: Double)]) async throws {
            try await client.send(values.map { client.reading("BodyMass", $0.kg, unit: "kg", day: $0.day) })
        }

        // 80 kg for four weeks, then 78: down, away from a steady weight. No goal is assumed, so
        // this is not "improving"; it is judged against the user's own trend and stays info.
        let steady = try InsightClient(harness, email: "steady@example.com"), days = steady.days
        try await weighings(steady, [(-30, 80), (-25, 80), (-20, 80), (-15, 80), (-10, 80), (-5, 78), (-2, 78), (0, 78)])
        let down = try status(steady, "weight")
        XCTAssertEqual(down.metric, "weight")
        XCTAssertEqual(down.status, .declining)
        XCTAssertEqual(down.severity, .info, "weight never raises the severity: the server does not know the user's goal")
        XCTAssertEqual(down.current?.value, 78)
        XCTAssertEqual(down.current?.unit, "kg")
        XCTAssertEqual(down.current?.period, AppPeriod(from: days.day(-6), to: days.day(0)), "the last 7 days, today included")
        XCTAssertEqual(down.baseline?.value, 80)
        XCTAssertEqual(down.baseline?.period, AppPeriod(from: days.day(-34), to: days.day(-7)), "the 28 days before")
        XCTAssertEqual(down.change?.absolute, -2)
        XCTAssertEqual(down.change?.percent, -2.5)
        XCTAssertEqual(down.sampleSize, 8)
        XCTAssertEqual(down.annotations, [AppTrendAnnotation(metric: "weight", direction: .down, severity: .info, startDate: days.day(-34),
                                                             endDate: days.day(0), summaryKey: "weight.down_vs_baseline")])

        // A gain away from a steady weight is judged the same way: up is not better either.
        let gaining = try InsightClient(harness, email: "gaining@example.com")
        try await weighings(gaining, [(-30, 70), (-20, 70), (-10, 70), (-1, 71.4)])
        let up = try status(gaining, "weight")
        XCTAssertEqual(up.status, .declining)
        XCTAssertEqual(up.annotations.first?.direction, .up)
        XCTAssertEqual(up.change?.percent, 2)

        // Losing steadily for four weeks and going on losing: the user's own trend continues.
        let losing = try InsightClient(harness, email: "losing@example.com")
        let started = try losing.medications.create(["name": "Mounjaro", "kind": "glp1", "doseUnit": "mg", "schedule": "weekly",
                                                     "startDate": .string(days.day(-20))])
        XCTAssertEqual(started.status, 201, started.body)
        try await weighings(losing, [(-34, 82), (-25, 81.5), (-16, 80.5), (-7, 80), (-3, 79.5), (0, 79.5)])
        let continuing = try status(losing, "weight")
        XCTAssertEqual(continuing.status, .improving)
        XCTAssertEqual(continuing.severity, .info)
        XCTAssertEqual(continuing.change?.absolute, -1.5)
        XCTAssertEqual(continuing.annotations, [
            AppTrendAnnotation(metric: "weight", direction: .down, severity: .info, startDate: days.day(-34), endDate: days.day(0),
                               summaryKey: "weight.down_vs_baseline"),
            AppTrendAnnotation(metric: "weight", direction: .down, severity: .info, startDate: days.day(-20), endDate: days.day(0),
                               summaryKey: "weight.down_since_glp1_start"),
        ], "81.5 kg on the last weighing before the GLP-1 start, 79.5 kg on the latest since")
    }

    /// Steps and active energy: 28 days at one level, then 7 at another (today's still-growing
    /// total is sent and left out). Resting heart rate, sleep and mood: 28 days, then 7 with today.
    static func sendKnownWeeks(_ client: InsightClient) async throws {
        var entries: [[String: Any]] = []
        for day in -35...0 {
            let recent = day >= -7
            entries.append(client.dailyTotal("StepCount", day == 0 ? 500 : recent ? 10_000 : 8000, unit: "count", day: day))
            if day < 0 { entries.append(client.dailyTotal("ActiveEnergyBurned", recent ? 300 : 400, unit: "kcal", day: day)) }
            if day >= -34 {
                entries.append(client.reading("RestingHeartRate", day >= -6 ? 66 : 60, unit: "count/min", day: day))
                entries.append(client.night(minutes: 420, day: day))
            }
        }
        try await client.send(entries)
        try await client.sendMoods((-34...0).map { ($0, $0 >= -6 ? 4 : 3) })
    }

    private func knownNumbers(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "weeks@example.com"), days = client.days
        try await Self.sendKnownWeeks(client)

        let activity = try status(client, "activity")
        XCTAssertEqual(activity.metric, "steps")
        XCTAssertEqual(activity.status, .improving)
        XCTAssertEqual(activity.severity, .info)
        XCTAssertEqual(activity.current?.value, 10_000, "today's 500 steps so far are not a day's total yet")
        XCTAssertEqual(activity.current?.period, AppPeriod(from: days.day(-7), to: days.day(-1)))
        XCTAssertEqual(activity.baseline?.value, 8000)
        XCTAssertEqual(activity.baseline?.period, AppPeriod(from: days.day(-35), to: days.day(-8)))
        XCTAssertEqual(activity.change?.absolute, 2000)
        XCTAssertEqual(activity.change?.percent, 25)
        XCTAssertEqual(activity.sampleSize, 35)
        XCTAssertEqual(activity.annotations, [
            AppTrendAnnotation(metric: "steps", direction: .up, severity: .info, startDate: days.day(-35), endDate: days.day(-1),
                               summaryKey: "steps.up_vs_baseline"),
            AppTrendAnnotation(metric: "active_energy", direction: .down, severity: .warning, startDate: days.day(-35),
                               endDate: days.day(-1), summaryKey: "active_energy.down_vs_baseline"),
        ], "active energy 25 % down: a decline of 2.5 bands of 10 %, a warning")

        let heart = try status(client, "heart")
        XCTAssertEqual(heart.metric, "resting_heart_rate")
        XCTAssertEqual(heart.status, .declining, "a higher resting heart rate")
        XCTAssertEqual(heart.severity, .important, "10 % is more than three bands of 3 %")
        XCTAssertEqual(heart.current?.value, 66)
        XCTAssertEqual(heart.current?.unit, "count/min")
        XCTAssertEqual(heart.change?.percent, 10)
        XCTAssertEqual(heart.annotations.map(\.summaryKey), ["resting_heart_rate.up_vs_baseline"], "no HRV or blood pressure data, no line")

        let sleep = try status(client, "sleep")
        XCTAssertEqual(sleep.status, .stable)
        XCTAssertEqual(sleep.current?.value, 420)
        XCTAssertEqual(sleep.current?.unit, "min")
        XCTAssertEqual(sleep.current?.period, AppPeriod(from: days.day(-6), to: days.day(0)), "last night counts for today")
        XCTAssertEqual(sleep.annotations.map(\.direction), [.flat])

        let mood = try status(client, "mood")
        XCTAssertEqual(mood.status, .improving)
        XCTAssertEqual(mood.current?.value, 4)
        XCTAssertEqual(mood.baseline?.value, 3)
        XCTAssertEqual(mood.change?.percent, 33.33)
        XCTAssertEqual(mood.sampleSize, 35)
    }

    private func cards(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "cards@example.com")
        try await Self.sendKnownWeeks(client)
        let page = try client.decode(AppInsightCards.self, try client.get("/api/insights/cards"))
        XCTAssertEqual(page.cards.map(\.id), ["heart", "weight", "activity", "sleep", "mood", "medication-compliance"],
                       "the important card first, then route order")
        XCTAssertEqual(page.cards.map(\.severity), [.important, .info, .info, .info, .info, .info])
        let heart = try XCTUnwrap(page.cards.first)
        XCTAssertEqual(heart.titleKey, "insights.card.heart.title")
        XCTAssertEqual(heart.summaryKey, "resting_heart_rate.declining")
        XCTAssertEqual(heart.change?.absolute, 6)
        XCTAssertEqual(page.cards.map(\.summaryKey), ["resting_heart_rate.declining", "weight.insufficient_data", "steps.improving",
                                                      "sleep.stable", "mood.improving", "medication_compliance.insufficient_data"])
    }

    private func missingData(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let empty = try InsightClient(harness, email: "new@example.com")
        for route in ["weight", "activity", "sleep", "heart", "mood", "medication-compliance"] {
            let result = try empty.get("/api/insights/\(route)-status")
            XCTAssertEqual(result.status, 200, "\(route): \(result.body)")
            XCTAssertNil(result.errorCode)
            for key in ["current", "baseline", "change"] { XCTAssertTrue(result.data[key] is NSNull, "\(route).\(key) is null, present") }
            let status = try empty.decode(AppInsightStatus.self, result)
            XCTAssertEqual(status.status, .insufficientData, route)
            XCTAssertEqual(status.severity, .info, "\(route): missing data is never reproached (rule 14)")
            XCTAssertEqual(status.sampleSize, 0)
            XCTAssertEqual(status.annotations, [])
        }

        // Two days of steps this week against a full baseline: the numbers, but no judgement yet.
        let sparse = try InsightClient(harness, email: "sparse@example.com")
        try await sparse.send((-35...(-8)).map { sparse.dailyTotal("StepCount", 8000, unit: "count", day: $0) }
            + [-3, -2].map { sparse.dailyTotal("StepCount", 4000, unit: "count", day: $0) })
        let partial = try status(sparse, "activity")
        XCTAssertEqual(partial.status, .insufficientData, "3 days of the current window are needed")
        XCTAssertEqual(partial.severity, .info)
        XCTAssertEqual(partial.current?.value, 4000)
        XCTAssertEqual(partial.change?.percent, -50)
        XCTAssertEqual(partial.sampleSize, 30)
        XCTAssertEqual(partial.annotations, [], "no direction without a judgement")
    }
}
