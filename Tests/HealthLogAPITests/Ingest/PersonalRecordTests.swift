import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// Personal-record detection: enqueued durably by a batch, run by the background worker, read
/// at `GET /api/personal-records`; a job is run by exactly one claimant.
final class PersonalRecordTests: XCTestCase {
    func testBatchesEnqueueDetectionThatRunsInTheBackgroundOnSQLite() async throws { try await detection(.sqlite) }
    func testBatchesEnqueueDetectionThatRunsInTheBackgroundOnPostgres() async throws { try await detection(.postgres) }
    func testADailyStatsIdNamingNoPlausibleDayCountsForItsInstantsDayOnSQLite() async throws { try await impossibleDay(.sqlite) }
    func testADailyStatsIdNamingNoPlausibleDayCountsForItsInstantsDayOnPostgres() async throws { try await impossibleDay(.postgres) }
    func testAJobIsClaimedOnlyOnceOnSQLite() async throws { try await singleClaim(.sqlite) }
    func testAJobIsClaimedOnlyOnceOnPostgres() async throws { try await singleClaim(.postgres) }
    func testAJobWaitsForTheBurstToEndUpToItsMaximumOnSQLite() async throws { try await trailingDebounce(.sqlite) }
    func testAJobWaitsForTheBurstToEndUpToItsMaximumOnPostgres() async throws { try await trailingDebounce(.postgres) }

    private func detection(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "pr@example.com")
        let entries: [[String: Any]] = [
            // 2026-05-15 in Berlin: a daily-stats row of 12,000 steps beats its own samples.
            Samples.entry(value: 12_000, start: "2026-05-15T00:00:00+02:00", end: "2026-05-15T23:59:59+02:00",
                          externalId: "stats:HKQuantityTypeIdentifierStepCount:2026-05-15"),
            Samples.entry(value: 3_000, start: "2026-05-15T09:00:00+02:00", externalId: "s-a"),
            // 2026-05-16: per-sample rows summing to 15,000 (one at 23:30 Berlin, 21:30Z, same local day).
            Samples.entry(value: 9_000, start: "2026-05-16T08:00:00+02:00", externalId: "s-b"),
            Samples.entry(value: 6_000, start: "2026-05-16T21:30:00Z", externalId: "s-c"),
            // 2026-05-17 00:30 Berlin is still 2026-05-16 in UTC: it must count for the 17th.
            Samples.entry(value: 14_000, start: "2026-05-16T22:30:00Z", externalId: "s-d"),
            Samples.entry("HKQuantityTypeIdentifierRestingHeartRate", value: 58, unit: "count/min", start: "2026-05-14T07:00:00Z", externalId: "r1"),
            Samples.entry("HKQuantityTypeIdentifierRestingHeartRate", value: 49, unit: "count/min", start: "2026-05-15T07:00:00Z", externalId: "r2"),
            Samples.entry("HKQuantityTypeIdentifierDistanceWalkingRunning", value: 8.2, unit: "km", start: "2026-05-16T08:00:00Z", externalId: "d1"),
        ]
        let batch = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(batch.inserted, 8, batch.text)
        let workouts = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": [
            Samples.workout(start: "2026-05-10T06:00:00Z", end: "2026-05-10T08:00:00Z", duration: 7000, externalId: "long"),
            Samples.workout(duration: 1800, externalId: "short"),
        ]], bearer: token)
        XCTAssertEqual(workouts.inserted, 2, workouts.text)

        var page: [String: Any] = [:]
        let done = try await eventually(timeout: 10) {
            page = try harness.get("/api/personal-records", bearer: token).data
            return page["detectionPending"] as? Bool == false && (page["records"] as? [Any])?.count == 4
        }
        XCTAssertTrue(done, "detection did not run: \(page)")
        let records = Dictionary(uniqueKeysWithValues: (page["records"] as? [[String: Any]] ?? []).map { ($0["record"] as? String ?? "", $0) })
        XCTAssertEqual(records["best_steps_day"]?["value"] as? Double, 15_000)
        XCTAssertEqual(records["best_steps_day"]?["day"] as? String, "2026-05-16")
        XCTAssertEqual(records["best_steps_day"]?["achievedAt"] as? String, "2026-05-15T22:00:00Z", "local midnight in Berlin")
        XCTAssertEqual(records["lowest_resting_heart_rate"]?["value"] as? Double, 49)
        XCTAssertEqual(records["lowest_resting_heart_rate"]?["achievedAt"] as? String, "2026-05-15T07:00:00Z")
        XCTAssertTrue(records["lowest_resting_heart_rate"]?["day"] is NSNull)
        XCTAssertEqual(records["max_distance_day"]?["value"] as? Double, 8200)
        XCTAssertEqual(records["longest_workout"]?["value"] as? Double, 7000)
        XCTAssertEqual(records["longest_workout"]?["unit"] as? String, "s")
        for record in records.values {
            assertIOSDate(record["achievedAt"], "achievedAt")
            assertIOSDate(record["detectedAt"], "detectedAt")
        }
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertEqual(actions.filter { $0 == "personal_records.detection_enqueued" }.count, 2)
        XCTAssertTrue(actions.contains("measurement.batch.ingest"))
    }

    /// The server stores a `stats:` id as sent (§12: it trusts the format); a day no calendar
    /// date of the plausible era names ("0000-01-01", "2026-02-30") must not become the record's
    /// day, which the app could not decode (and year 0 cannot be encoded at all).
    private func impossibleDay(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "odd-day@example.com")
        let batch = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([
            Samples.entry(value: 99_999, start: "2026-05-20T10:00:00Z", externalId: "stats:HKQuantityTypeIdentifierStepCount:0000-01-01"),
            Samples.entry(value: 50_000, start: "2026-05-21T10:00:00Z", externalId: "stats:HKQuantityTypeIdentifierStepCount:2026-02-30"),
        ]), bearer: token)
        XCTAssertEqual(batch.inserted, 2, batch.text)
        var response = try harness.get("/api/personal-records", bearer: token)
        let done = try await eventually(timeout: 10) {
            response = try harness.get("/api/personal-records", bearer: token)
            return response.data["detectionPending"] as? Bool == false && !((response.data["records"] as? [Any]) ?? []).isEmpty
        }
        XCTAssertTrue(done, "detection did not run: \(response.data)")
        let best = (response.data["records"] as? [[String: Any]])?.first { $0["record"] as? String == "best_steps_day" }
        XCTAssertEqual(best?["value"] as? Double, 99_999)
        XCTAssertEqual(best?["day"] as? String, "2026-05-20", "the day of the row's own instant")
        assertIOSDate(best?["achievedAt"], "achievedAt")
    }

    private func singleClaim(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("claim@example.com")
        // Dated far ahead of the real clock, so the server's own worker (polling the same table)
        // never finds the job due: the eight claimants below are the only ones.
        let database = harness.database
        let now = Int64(Date().timeIntervalSince1970) + 100_000
        let added = try await database.write { try PersonalRecordJobs.enqueue(userID: userID, now: now, on: $0) }
        let addedAgain = try await database.write { try PersonalRecordJobs.enqueue(userID: userID, now: now, on: $0) }
        XCTAssertTrue(added)
        XCTAssertFalse(addedAgain, "a waiting job absorbs the next enqueue")
        let early = try await PersonalRecordJobs.claimNext(now: now, abandonedAfter: 300, database: database)
        XCTAssertNil(early, "a new job waits out its debounce")
        let claims = try await withThrowingTaskGroup(of: PersonalRecordJobs.Job?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await PersonalRecordJobs.claimNext(now: now + PersonalRecordJobs.debounceSeconds, abandonedAfter: 300,
                                                           database: database)
                }
            }
            var all: [PersonalRecordJobs.Job?] = []
            for try await claim in group { all.append(claim) }
            return all
        }
        let jobsStarted = try await harness.count("SELECT COUNT(*) FROM personal_record_jobs WHERE attempts > 0")
        XCTAssertEqual(jobsStarted, 1)
        XCTAssertEqual(claims.compactMap { $0 }.count, 1, "exactly one of the eight claimants won")
        let attempts = try await harness.count("SELECT attempts FROM personal_record_jobs")
        XCTAssertEqual(attempts, 1, "claimed exactly once")
    }

    /// A batch absorbed by a waiting job moves its start to `debounceSeconds` after that batch,
    /// but never past `maxWaitSeconds` after the job was created.
    private func trailingDebounce(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("burst@example.com")
        let database = harness.database
        // Far ahead of the real clock, so the server's own worker never finds the job due.
        let created = Int64(Date().timeIntervalSince1970) + 100_000
        let debounce = PersonalRecordJobs.debounceSeconds, maxWait = PersonalRecordJobs.maxWaitSeconds
        func enqueue(at now: Int64) async throws {
            _ = try await database.write { try PersonalRecordJobs.enqueue(userID: userID, now: now, on: $0) }
        }
        func claim(at now: Int64) async throws -> PersonalRecordJobs.Job? {
            try await PersonalRecordJobs.claimNext(now: now, abandonedAfter: 300, database: database)
        }
        try await enqueue(at: created)
        try await enqueue(at: created + 1)
        let duringBurst = try await claim(at: created + debounce)
        XCTAssertNil(duringBurst, "the second batch moved the job to \(debounce) s after it")
        // Batches keep coming, each within the debounce of the last, past the maximum wait.
        for second in stride(from: created + 2, through: created + maxWait + debounce, by: 1) { try await enqueue(at: second) }
        let beforeMaximum = try await claim(at: created + maxWait - 1)
        XCTAssertNil(beforeMaximum)
        let atMaximum = try await claim(at: created + maxWait)
        XCTAssertNotNil(atMaximum, "a job runs at most \(maxWait) s after it was created, however long the burst lasts")
    }
}
