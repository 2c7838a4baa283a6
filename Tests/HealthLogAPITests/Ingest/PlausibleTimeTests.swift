import Foundation
@testable import HealthLogAPI
import XCTest

/// healthlog-facts §2.3: no timestamps before 2000 or in the future beyond a small clock skew
/// (for an end: beyond today's day rows). Such entries are `skipped` as `value_out_of_range` in
/// both batch endpoints, never stored.
final class PlausibleTimeTests: XCTestCase {
    func testSamplesAndWorkoutsDatedBefore2000OrInTheFutureAreSkippedOnSQLite() async throws { try await dates(.sqlite) }
    func testSamplesAndWorkoutsDatedBefore2000OrInTheFutureAreSkippedOnPostgres() async throws { try await dates(.postgres) }

    func testEntriesEndingPastTodaysDayRowsAreSkippedOnSQLite() async throws { try await ends(.sqlite) }
    func testEntriesEndingPastTodaysDayRowsAreSkippedOnPostgres() async throws { try await ends(.postgres) }

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

    /// Only the start used to be checked: an end in year 9999 (or past it, through an offset)
    /// was stored, and every read covering the day failed, as the year cannot be printed in the
    /// app's date format. Today's `stats:` row, which ends at the next local midnight, still goes in.
    private func ends(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "ends@example.com")
        let formatter = ISO8601DateFormatter()
        let now = Date(), start = formatter.string(from: now.addingTimeInterval(-3600))
        let ends = ["9999-12-31T23:59:59-00:01", "2199-01-01T00:00:00Z", formatter.string(from: now.addingTimeInterval(27 * 3600)),
                    formatter.string(from: now.addingTimeInterval(24 * 3600))]
        let entries = ends.enumerated().map { index, end in
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 70, unit: "kg", start: start, end: end, externalId: "e\(index)")
        }
        let samples = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(samples.statuses, ["skipped", "skipped", "skipped", "inserted"], samples.text)
        let workouts = ends.enumerated().map { index, end in Samples.workout(start: start, end: end, duration: 600, externalId: "w\(index)") }
        let stored = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": workouts], bearer: token)
        XCTAssertEqual(stored.statuses, ["skipped", "skipped", "skipped", "inserted"], stored.text)
        let day = String(start.prefix(10))
        let read = try harness.get("/api/measurements?type=weight&from=\(day)&to=\(day)", bearer: token)
        XCTAssertEqual(read.status, 200, read.body)
    }
}
