import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// Personal-record jobs under the interleavings several server processes on one PostgreSQL
/// produce: a batch whose enqueue was coalesced into a waiting job is still seen by that job,
/// and one user's jobs never run side by side nor let a superseded worker write.
final class PersonalRecordRaceTests: XCTestCase {
    func testACoalescedBatchIsSeenByTheJobThatAbsorbedItOnPostgres() async throws { try await coalesced(.postgres) }
    func testOneUsersJobsNeverRunAtOnceAndATakenOverWorkerWritesNothingOnSQLite() async throws { try await oneAtATime(.sqlite) }
    func testOneUsersJobsNeverRunAtOnceAndATakenOverWorkerWritesNothingOnPostgres() async throws { try await oneAtATime(.postgres) }

    /// A batch (held open here, as a slow server process would) stores a 20,000-step day and
    /// enqueues detection, which a waiting job absorbs; that job comes due while the batch is
    /// still uncommitted. The server's worker must not run it before the batch commits, or the
    /// batch's day is never examined (nothing else is pending). SQLite cannot interleave this:
    /// its one writer runs the batch and the claim one after the other.
    private func coalesced(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "coalesce@example.com")
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let user = try XCTUnwrap(userID), now = Int64(Date().timeIntervalSince1970)
        let waiting = try await harness.database.write { try PersonalRecordJobs.enqueue(userID: user, now: now, on: $0) }
        XCTAssertTrue(waiting)
        let batch = try await HeldTransaction.begin(url: harness.databaseURL) { connection in
            try connection.execute("""
                INSERT INTO measurements (id, user_id, type, source, external_id, hk_identifier, value, unit, measured_at, end_at,
                                          created_at, updated_at)
                VALUES ($1, $2, 'steps', 'APPLE_HEALTH', 'stats:HKQuantityTypeIdentifierStepCount:2026-05-16',
                        'HKQuantityTypeIdentifierStepCount', 20000, 'count', 1778882400, 1778968799, $3, $3)
                """, UUID().uuidString.lowercased(), user, now)
            // The waiting job absorbs the batch's enqueue.
            guard try !PersonalRecordJobs.enqueue(userID: user, now: now, on: connection) else { throw NotCoalesced() }
        }
        let claimWaits = try await eventually(timeout: 10) {
            try await harness.database.sessionsWaitingOnLocks(running: "UPDATE personal_record_jobs SET state = 'running'") >= 1
        }
        XCTAssertTrue(claimWaits, "the worker's claim waits for the batch's transaction")
        try await batch.commit()
        var page: [String: Any] = [:]
        let seen = try await eventually(timeout: 10) {
            page = try harness.get("/api/personal-records", bearer: token).data
            let records = page["records"] as? [[String: Any]] ?? []
            return page["detectionPending"] as? Bool == false
                && records.contains { $0["record"] as? String == "best_steps_day" && $0["value"] as? Double == 20000 }
        }
        XCTAssertTrue(seen, "the absorbed batch was examined: \(page)")
    }

    /// Jobs dated far ahead of the real clock, so the server's own worker never finds them due.
    private func oneAtATime(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "serial@example.com")
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let user = try XCTUnwrap(userID), database = harness.database
        let t = Int64(Date().timeIntervalSince1970) + 100_000, abandoned: Int64 = 300
        _ = try await database.write { try PersonalRecordJobs.enqueue(userID: user, now: t, on: $0) }
        let first = try await XCTUnwrapAsync(try await PersonalRecordJobs.claimNext(now: t + 2, abandonedAfter: abandoned, database: database))
        let second = try await database.write { try PersonalRecordJobs.enqueue(userID: user, now: t + 3, on: $0) }
        XCTAssertTrue(second, "a new batch while the first job runs queues a second job")
        let overlapping = try await PersonalRecordJobs.claimNext(now: t + 10, abandonedAfter: abandoned, database: database)
        XCTAssertNil(overlapping, "the second job waits while the first runs")
        XCTAssertEqual(try harness.get("/api/personal-records", bearer: token).data["detectionPending"] as? Bool, true)

        // The first worker looks dead and its job is taken over; when it finally finishes, it writes nothing.
        let takeover = try await XCTUnwrapAsync(try await PersonalRecordJobs.claimNext(now: t + 2 + abandoned + 1,
                                                                                       abandonedAfter: abandoned, database: database))
        XCTAssertEqual(takeover.id, first.id, "the older job is re-run first")
        let stale = try await database.transaction { try PersonalRecordJobs.finish(first, now: t + 400, on: $0) }
        XCTAssertFalse(stale, "the superseded worker's claim is gone")
        let current = try await database.transaction { try PersonalRecordJobs.finish(takeover, now: t + 401, on: $0) }
        XCTAssertTrue(current)
        let next = try await PersonalRecordJobs.claimNext(now: t + 402, abandonedAfter: abandoned, database: database)
        XCTAssertNotNil(next, "once the first job is done, the second runs")
        XCTAssertNotEqual(next?.id, first.id)
    }
}

private struct NotCoalesced: Error {}

/// `XCTUnwrap` for a value computed by an `async` expression.
func XCTUnwrapAsync<T>(_ value: @autoclosure () async throws -> T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    let resolved = try await value()
    return try XCTUnwrap(resolved, file: file, line: line)
}
