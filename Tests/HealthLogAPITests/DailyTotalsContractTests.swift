import Foundation
import XCTest

/// The daily read (contract §4) for the cumulative metrics beyond §12's five, its days across
/// daylight-saving switches, and personal records that agree with it day for day. All data
/// arrives through the batch endpoint, as the app sends it.
final class DailyTotalsContractTests: XCTestCase {
    func testSleepDurationIsADailyTotalOfAsleepStagesOnTheWakingDayOnSQLite() async throws { try await sleep(.sqlite) }
    func testSleepDurationIsADailyTotalOfAsleepStagesOnTheWakingDayOnPostgres() async throws { try await sleep(.postgres) }
    func testDaysFollowDaylightSavingAndTheBestDayIsTheDailyReadsValueOnSQLite() async throws { try await daylightSaving(.sqlite) }
    func testDaysFollowDaylightSavingAndTheBestDayIsTheDailyReadsValueOnPostgres() async throws { try await daylightSaving(.postgres) }

    static let sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"

    private func sleep(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "sleeper@example.com")
        func stage(_ stage: Int, _ start: String, _ end: String, seconds: Double, device: String = "watch") -> [String: Any] {
            Samples.entry(Self.sleepAnalysis, value: seconds, unit: "s", start: start, end: end,
                          extra: ["sleepStage": stage, "deviceType": device])
        }
        // One night in Berlin, 22:45 on the 15th to 07:10 on the 16th (local, +02:00).
        let night = [
            stage(0, "2026-05-15T22:45:00+02:00", "2026-05-16T07:10:00+02:00", seconds: 30_300),  // in bed: overlaps the rest
            stage(3, "2026-05-15T23:00:00+02:00", "2026-05-16T01:00:00+02:00", seconds: 7_200),
            stage(2, "2026-05-16T01:00:00+02:00", "2026-05-16T01:15:00+02:00", seconds: 900),     // awake
            stage(4, "2026-05-16T01:15:00+02:00", "2026-05-16T03:15:00+02:00", seconds: 7_200),
            stage(5, "2026-05-16T03:15:00+02:00", "2026-05-16T07:00:00+02:00", seconds: 13_500),
            // The phone's own estimate of the same night: another device, not added.
            stage(1, "2026-05-15T23:30:00+02:00", "2026-05-16T06:30:00+02:00", seconds: 25_200, device: "phone"),
            Samples.entry("HKQuantityTypeIdentifierBasalEnergyBurned", value: 1650, unit: "kcal", start: "2026-05-16T12:00:00+02:00"),
        ]
        let batch = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(night), bearer: token)
        XCTAssertEqual(batch.inserted, night.count, batch.text)
        let read = try harness.get("/api/measurements/daily?type=sleep&from=2026-05-15&to=2026-05-16", bearer: token)
        XCTAssertEqual(read.status, 200, read.body)
        XCTAssertEqual(read.data["unit"] as? String, "s")
        let days = try XCTUnwrap(read.data["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["date"] as? String }, ["2026-05-16"], "the night counts for the morning it ended")
        XCTAssertEqual(days.first?["value"] as? Double, 27_900, "core + deep + REM of the watch: not in bed, not awake, not the phone")
        XCTAssertEqual(days.first?["deviceType"] as? String, "watch")
        let energy = try harness.get("/api/measurements/daily?type=basal_energy&from=2026-05-16&to=2026-05-16", bearer: token)
        XCTAssertEqual(energy.status, 200, energy.body)
        XCTAssertEqual((energy.data["days"] as? [[String: Any]])?.first?["value"] as? Double, 1650)
    }

    /// New York: 2026-03-08 has 23 hours (EST to EDT), 2026-11-01 has 25 (EDT to EST).
    private func daylightSaving(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("ny@example.com", timezone: "America/New_York")
        let token = try harness.nativeTokens("ny@example.com").access
        func steps(_ value: Double, _ start: String, _ device: String) -> [String: Any] {
            Samples.entry(value: value, start: start, extra: ["deviceType": device])
        }
        let entries = [
            steps(500, "2026-03-08T04:30:00Z", "watch"),    // 23:30 EST on the 7th
            steps(1000, "2026-03-08T05:30:00Z", "watch"),   // 00:30 EST on the 8th
            steps(2000, "2026-03-09T03:30:00Z", "watch"),   // 23:30 EDT, still the 8th
            steps(4000, "2026-03-09T04:30:00Z", "watch"),   // 00:30 EDT on the 9th
            steps(100, "2026-11-01T04:10:00Z", "watch"),    // 00:10 EDT on Nov 1
            steps(7000, "2026-11-02T04:30:00Z", "watch"),   // 23:30 EST, still Nov 1 (the 25th hour)
            steps(3000, "2026-11-01T15:00:00Z", "phone"),   // the phone's count of the same day: not added
            steps(6500, "2026-11-02T06:00:00Z", "watch"),   // 01:00 EST on Nov 2
        ]
        let batch = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(batch.inserted, entries.count, batch.text)
        func days(_ from: String, _ to: String) throws -> [String: Double] {
            let page = try harness.get("/api/measurements/daily?type=steps&from=\(from)&to=\(to)", bearer: token)
            XCTAssertEqual(page.status, 200, page.body)
            let list = page.data["days"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: list.compactMap { day in
                (day["date"] as? String).flatMap { date in (day["value"] as? Double).map { (date, $0) } }
            })
        }
        XCTAssertEqual(try days("2026-03-07", "2026-03-09"), ["2026-03-07": 500, "2026-03-08": 3000, "2026-03-09": 4000])
        let november = try days("2026-11-01", "2026-11-02")
        XCTAssertEqual(november, ["2026-11-01": 7100, "2026-11-02": 6500])

        var best: [String: Any]?
        let detected = try await eventually(timeout: 10) {
            let page = try harness.get("/api/personal-records", bearer: token).data
            best = (page["records"] as? [[String: Any]] ?? []).first { $0["record"] as? String == "best_steps_day" }
            return page["detectionPending"] as? Bool == false && best != nil
        }
        XCTAssertTrue(detected)
        XCTAssertEqual(best?["day"] as? String, "2026-11-01")
        XCTAssertEqual(best?["value"] as? Double, november["2026-11-01"], "the best day's value is the daily read's, watch only")
        XCTAssertEqual(best?["achievedAt"] as? String, "2026-11-01T04:00:00Z", "local midnight, still EDT")
    }
}
