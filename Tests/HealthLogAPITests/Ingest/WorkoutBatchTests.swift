import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// `POST /api/workouts/batch` over real HTTP (contract §2.2), on SQLite and PostgreSQL.
final class WorkoutBatchTests: XCTestCase {
    func testWorkoutsAreStoredNamedAndDeduplicatedOnSQLite() async throws { try await store(.sqlite) }
    func testWorkoutsAreStoredNamedAndDeduplicatedOnPostgres() async throws { try await store(.postgres) }
    func testMoreThanMaxWorkoutsPerBatchIs422OnSQLite() async throws { try await tooMany(.sqlite) }
    func testMoreThanMaxWorkoutsPerBatchIs422OnPostgres() async throws { try await tooMany(.postgres) }
    func testStrictWorkoutSchemaOnSQLite() async throws { try await strict(.sqlite) }
    func testStrictWorkoutSchemaOnPostgres() async throws { try await strict(.postgres) }

    func testContentLengthOverFiveMegabytesIs413BeforeTheBodyIsRead() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        let token = try harness.bearer(for: "huge@example.com")
        // Only the head is sent: the answer must come without the server waiting for 6 MB.
        for route in [WorkoutBatchEndpoint.route, MeasurementBatchEndpoint.route] {
            let result = try http("POST", harness.url + route, bearer: token,
                                  headers: ["Content-Type: application/json", "Content-Length: 6000000", "Expect:"],
                                  body: "{}")
            XCTAssertEqual(result.status, 413, "\(route): \(result.body)")
            XCTAssertEqual(result.errorCode, "http.body_too_large")
        }
        // "5 MB" is 5,000,000 bytes, as the iOS client counts: exactly that is read and judged on
        // its content, one byte more is refused unread.
        let head = #"{"workouts":[]}"#
        let atCeiling = Data((head + String(repeating: " ", count: 5_000_000 - head.utf8.count)).utf8)
        let response = try await BatchClient.post(harness.workoutsBatchURL, body: atCeiling, bearer: token)
        XCTAssertEqual(response.status, 422, "read, then rejected for its empty list")
        let overCeiling = try http("POST", harness.workoutsBatchURL, bearer: token,
                                   headers: ["Content-Type: application/json", "Content-Length: 5000001", "Expect:"], body: "{}")
        XCTAssertEqual(overCeiling.status, 413, "5,000,001 bytes is over 5 MB (it was under the 5 MiB ceiling)")
    }

    private func store(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "runner@example.com")
        let workouts: [[String: Any]] = [
            Samples.workout(activityType: 37, start: "2026-05-16T07:00:00+02:00", end: "2026-05-16T08:05:00+02:00", duration: 3600,
                            externalId: "run-1", extra: ["totalEnergyBurned": 650.5, "totalDistance": 10_200, "sourceName": "Apple Watch",
                                                         "deviceType": "watch"]),
            Samples.workout(activityType: 81, externalId: "unknown-type"),
            Samples.workout(activityType: 3000, externalId: "other", extra: ["totalEnergyBurned": NSNull(), "sourceName": NSNull()]),
            Samples.workout(start: "2026-05-16T09:00:00Z", end: "2026-05-16T08:00:00Z", externalId: "backwards"),
            Samples.workout(duration: 9000, externalId: "longer-than-its-interval"),
        ]
        let first = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": workouts], bearer: token)
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(first.statuses, ["inserted", "skipped", "inserted", "skipped", "skipped"])
        XCTAssertEqual(first.skipped.map { $0["reason"] as? String }, ["unmappable_identifier", "value_out_of_range", "value_out_of_range"])
        let again = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": [workouts[0]]], bearer: token)
        XCTAssertEqual(again.statuses, ["duplicate"])
        XCTAssertEqual(again.duplicates, 1)
        let run = try await harness.database.read { connection in
            try connection.queryFirst("SELECT * FROM workouts WHERE external_id = 'run-1'")
        }
        let row = try XCTUnwrap(run)
        XCTAssertEqual(try row.decode(String.self, "activity_name"), "running")
        XCTAssertEqual(try row.decode(Int.self, "activity_type"), 37)
        XCTAssertEqual(try row.decode(String.self, "source"), "APPLE_HEALTH")
        XCTAssertEqual(try row.decode(Int64.self, "started_at"), 1_778_907_600)
        XCTAssertEqual(try row.decode(Double.self, "duration_seconds"), 3600)
        XCTAssertEqual(try row.decode(Double?.self, "total_energy_kcal"), 650.5)
        XCTAssertEqual(try row.decode(Double?.self, "total_distance_m"), 10_200)
        XCTAssertEqual(try row.decode(String?.self, "device_type"), "watch")
        let audits = try await harness.count("SELECT COUNT(*) FROM audit_log WHERE action = 'workout.batch.ingest'")
        XCTAssertEqual(audits, 2)
    }

    private func tooMany(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "many@example.com")
        let workouts = (0...WorkoutBatchBody.maxWorkouts).map { Samples.workout(externalId: "w\($0)") }
        let response = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": workouts], bearer: token)
        XCTAssertEqual(response.status, 422)
        XCTAssertEqual(response.errorCode, "workout.batch.too_large")
        let full = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": Array(workouts.dropLast())], bearer: token)
        XCTAssertEqual(full.inserted, 100)
    }

    private func strict(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "strictw@example.com")
        let cases: [(String, [String: Any])] = [
            ("workouts[0].calories", Samples.workout(extra: ["calories": 5])),
            ("workouts[0].activityType", Samples.workout(activityType: 0)),
            ("workouts[0].activityType", Samples.workout(extra: ["activityType": "running"])),
            ("workouts[0].duration", Samples.workout(duration: -1)),
            ("workouts[0].startDate", Samples.workout(start: "2026-05-16")),
            ("workouts[0].deviceType", Samples.workout(extra: ["deviceType": "bike"])),
            ("workouts[0].externalId", Samples.workout(externalId: String(repeating: "x", count: 121))),
        ]
        for (path, workout) in cases {
            let response = try await BatchClient.post(harness.workoutsBatchURL, json: ["workouts": [workout]], bearer: token)
            XCTAssertEqual(response.status, 422, "\(path): \(response.text)")
            XCTAssertEqual((response.json["meta"] as? [String: Any])?["path"] as? String, path)
        }
        let rows = try await harness.count("SELECT COUNT(*) FROM workouts")
        XCTAssertEqual(rows, 0)
    }
}
