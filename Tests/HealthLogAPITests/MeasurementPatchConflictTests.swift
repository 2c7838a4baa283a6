import Foundation
import Storage
import XCTest

/// `PATCH /api/measurements/{id}` under contract §13: `If-Match` holds under concurrency (one of
/// two PATCHes naming the same version wins, the other is 409 `sync.conflict`), a soft-deleted
/// row is 410 whatever the version, and a corrected total re-runs personal-record detection.
final class MeasurementPatchConflictTests: XCTestCase {
    func testConcurrentPatchesWithOneIfMatchLetExactlyOneWinOnSQLite() async throws { try await concurrent(.sqlite) }
    func testConcurrentPatchesWithOneIfMatchLetExactlyOneWinOnPostgres() async throws { try await concurrent(.postgres) }
    func testDeletedRowIs410BeforeAnyVersionCheckAndConflictsSaySyncConflictOnSQLite() async throws { try await deletedFirst(.sqlite) }
    func testDeletedRowIs410BeforeAnyVersionCheckAndConflictsSaySyncConflictOnPostgres() async throws { try await deletedFirst(.postgres) }
    func testAPatchedDailyTotalBecomesTheBestStepsDayOnSQLite() async throws { try await detection(.sqlite) }
    func testAPatchedDailyTotalBecomesTheBestStepsDayOnPostgres() async throws { try await detection(.postgres) }

    static let statsID = "stats:HKQuantityTypeIdentifierStepCount:2026-05-16"

    /// Two PATCHes with `If-Match: 2` at once. On PostgreSQL both are held at the row lock of
    /// another transaction until both have read the row, the interleaving that lost an update
    /// when the version was checked apart from the write. SQLite's single writer serialises them.
    private func concurrent(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("race@example.com")
        let token = try harness.nativeTokens("race@example.com").access
        let id = try await harness.database.insertMeasurement(user: user, type: "steps", externalId: Self.statsID,
                                                              hk: "HKQuantityTypeIdentifierStepCount", value: 4000, unit: "count",
                                                              at: 1_778_904_000)
        try await harness.execute("UPDATE measurements SET sync_version = 2 WHERE id = $1", [.text(id)])
        let held = backend == .postgres
            ? try await HeldTransaction.begin(url: harness.databaseURL) { connection in
                try connection.execute("UPDATE measurements SET updated_at = updated_at WHERE id = $1", id)
            }
            : nil
        let url = harness.url + "/api/measurements/" + id
        let patches = [5000, 6000].map { value in
            Task.detached { try http("PATCH", url, json: #"{"value": \#(value)}"#, bearer: token, headers: ["If-Match: 2"]) }
        }
        if let held {
            let bothWaiting = try await eventually(timeout: 10) {
                // One waits on the row the held transaction locked, the other on the user's sync counter.
                try await harness.database.sessionsWaitingOnLocks(running: "") == 2
            }
            XCTAssertTrue(bothWaiting, "both PATCHes reached the write")
            try await held.commit()
        }
        var results: [HTTPResult] = []
        for patch in patches { results.append(try await patch.value) }
        XCTAssertEqual(results.map(\.status).sorted(), [200, 409], results.map(\.body).joined(separator: "\n"))
        let winner = try XCTUnwrap(results.first { $0.status == 200 }), loser = try XCTUnwrap(results.first { $0.status == 409 })
        XCTAssertEqual(winner.data["syncVersion"] as? Int, 3)
        XCTAssertEqual(loser.json["error"] as? String, "sync.conflict")
        XCTAssertEqual(loser.errorCode, "sync.conflict")
        XCTAssertEqual(loser.data["syncVersion"] as? Int, 3, "the loser is handed the winner's row")
        XCTAssertEqual(loser.data["value"] as? Double, winner.data["value"] as? Double)
        let stored = try await harness.database.read { try $0.queryFirst("SELECT value, sync_version FROM measurements WHERE id = $1", id) }
        XCTAssertEqual(try stored?.decode(Int64.self, "sync_version"), 3, "one write, not two")
        XCTAssertEqual(try stored?.decode(Double.self, "value"), winner.data["value"] as? Double)
    }

    private func deletedFirst(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("gone@example.com")
        let token = try harness.nativeTokens("gone@example.com").access
        let deleted = try await harness.database.insertMeasurement(user: user, type: "steps", value: 10, unit: "count",
                                                                   at: 1_778_904_000, deletedAt: 9)
        // The soft delete bumped the version: an edit based on the version before it is still 410 (§13.4).
        try await harness.execute("UPDATE measurements SET sync_version = 3 WHERE id = $1", [.text(deleted)])
        let unconditional = try http("PATCH", harness.url + "/api/measurements/" + deleted, json: #"{"value": 20}"#, bearer: token)
        XCTAssertEqual(unconditional.status, 428, "If-Match is required before anything is looked up")
        for ifMatch in [["If-Match: 2"], ["If-Match: 3"]] {
            let edit = try http("PATCH", harness.url + "/api/measurements/" + deleted, json: #"{"value": 20}"#, bearer: token, headers: ifMatch)
            XCTAssertEqual(edit.status, 410, "\(ifMatch) \(edit.body)")
            XCTAssertEqual(edit.errorCode, "measurement.gone")
        }
        let live = try await harness.database.insertMeasurement(user: user, type: "steps", value: 10, unit: "count", at: 1_778_904_000)
        let conflict = try http("PATCH", harness.url + "/api/measurements/" + live, json: #"{"value": 20}"#, bearer: token,
                                headers: ["If-Match: 7"])
        XCTAssertEqual(conflict.status, 409, conflict.body)
        XCTAssertEqual(conflict.json["error"] as? String, "sync.conflict", "contract §13.3's error value")
        XCTAssertEqual(conflict.errorCode, "sync.conflict")
        XCTAssertEqual(conflict.data["syncVersion"] as? Int, 1)
    }

    /// §12: a late watch sync raises a day's total by PATCH. The best day must follow.
    private func detection(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("late@example.com")
        let token = try harness.nativeTokens("late@example.com").access
        let id = try await harness.database.insertMeasurement(user: user, type: "steps", externalId: Self.statsID,
                                                              hk: "HKQuantityTypeIdentifierStepCount", value: 4000, unit: "count",
                                                              at: 1_778_882_400)
        let patched = try http("PATCH", harness.url + "/api/measurements/" + id, json: #"{"value": 23456}"#, bearer: token,
                               headers: ["If-Match: 1"])
        XCTAssertEqual(patched.status, 200, patched.body)
        var records: [[String: Any]] = []
        let detected = try await eventually(timeout: 10) {
            let page = try harness.get("/api/personal-records", bearer: token).data
            records = page["records"] as? [[String: Any]] ?? []
            return page["detectionPending"] as? Bool == false && !records.isEmpty
        }
        XCTAssertTrue(detected, "the PATCH enqueued detection")
        let best = records.first { $0["record"] as? String == "best_steps_day" }
        XCTAssertEqual(best?["value"] as? Double, 23456)
        XCTAssertEqual(best?["day"] as? String, "2026-05-16")
    }
}
