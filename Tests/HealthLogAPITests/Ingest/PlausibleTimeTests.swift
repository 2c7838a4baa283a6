import Foundation
@testable import HealthLogAPI
import XCTest

/// healthlog-facts §2.3: no timestamps before 2000 or in the future beyond a small clock skew.
/// Such entries are `skipped` as `value_out_of_range` in both batch endpoints, never stored.
final class PlausibleTimeTests: XCTestCase {
    func testSamplesAndWorkoutsDatedBefore2000OrInTheFutureAreSkippedOnSQLite() async throws { try await dates(.sqlite) }
    func testSamplesAndWorkoutsDatedBefore2000OrInTheFutureAreSkippedOnPostgres() async throws { try await dates(.postgres) }

    /// The earliest instant and the earliest year (which `stats:` days are checked against) agree.
    func testTheEarliestInstantIsTheFirstSecondOfTheEarliestYear() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let start = utc.date(from: DateComponents(year: PlausibleTime.earliestYear, month: 1, day: 1))!
        XCTAssertEqual(Int64(start.timeIntervalSince1970), PlausibleTime.earliest)
        XCTAssertTrue(DailyStats.isPlausibleDay("\(PlausibleTime.earliestYear)-01-01"))
        XCTAssertFalse(DailyStats.isPlausibleDay("\(PlausibleTime.earliestYear - 1)-12-31"))
    }

    private func dates(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "clock@example.com")
        let formatter = ISO8601DateFormatter()
        func inMinutes(_ minutes: Double) -> String { formatter.string(from: Date().addingTimeInterval(minutes * 60)) }
        let starts = ["2099-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "1999-12-31T23:59:59+00:00", inMinutes(20),
                      "2000-01-01T00:00:00Z", inMinutes(5)]
        let entries = starts.enumerated().map { index, start in
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 70, unit: "kg", start: start, externalId: "t\(index)")
        }
        let samples = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(samples.statuses, ["skipped", "skipped", "skipped", "skipped", "inserted", "inserted"], samples.text)
        XCTAssertEqual(Set(samples.skipped.compactMap { $0["reason"] as? String }), ["value_out_of_range"])
        let workouts = starts.enumerated().map { index, start in
            Samples.workout(start: start, end: start, duration: 0, externalId: "w\(index)")
        }
        let stored = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": workouts], bearer: token)
        XCTAssertEqual(stored.statuses, ["skipped", "skipped", "skipped", "skipped", "inserted", "inserted"], stored.text)
        let rows = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(rows, 2, "nothing implausible reached the table")
    }
}
