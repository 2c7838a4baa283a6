import Foundation
import XCTest

/// `PATCH /api/measurements/{id}` over HTTP: owner only, strict body, plausible values,
/// syncVersion/updatedAt bumped, If-Match conflicts (409 + the stored row) and deleted rows (410).
final class MeasurementPatchTests: XCTestCase {
    func testOwnerCorrectsAValueAndTheVersionPairMovesOnSQLite() async throws { try await patch(.sqlite) }
    func testOwnerCorrectsAValueAndTheVersionPairMovesOnPostgres() async throws { try await patch(.postgres) }

    private func patch(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let owner = try harness.createUser("owner@example.com"), intruder = try harness.createUser("intruder@example.com")
        let token = try harness.nativeTokens("owner@example.com").access, other = try harness.nativeTokens("intruder@example.com").access
        let id = try await harness.database.insertMeasurement(user: owner, type: "steps", externalId: "stats:HKQuantityTypeIdentifierStepCount:2026-05-16",
                                                     hk: "HKQuantityTypeIdentifierStepCount", value: 4000, unit: "count", at: 1_778_904_000)
        let theirs = try await harness.database.insertMeasurement(user: intruder, type: "steps", value: 1, unit: "count", at: 1_778_904_000)
        let deleted = try await harness.database.insertMeasurement(user: owner, type: "steps", value: 1, unit: "count", at: 1_778_904_000, deletedAt: 9)
        func send(_ target: String, _ json: String, bearer: String? = nil, headers: [String] = ["If-Match: 1"]) throws -> HTTPResult {
            try http("PATCH", harness.url + "/api/measurements/" + target, json: json, bearer: bearer ?? token, headers: headers)
        }

        let unconditional = try send(id, #"{"value": 5234}"#, headers: [])
        XCTAssertEqual(unconditional.status, 428, unconditional.body)
        XCTAssertEqual(unconditional.errorCode, "sync.if_match_required")
        let changed = try send(id, #"{"value": 5234}"#)
        XCTAssertEqual(changed.status, 200, changed.body)
        XCTAssertEqual(changed.data["value"] as? Double, 5234)
        XCTAssertEqual(changed.data["syncVersion"] as? Int, 2)
        assertIOSDate(changed.data["updatedAt"], "updatedAt")
        XCTAssertTrue(changed.data["deletedAt"] is NSNull, "§13.2: every synced row carries deletedAt")
        XCTAssertNotEqual(changed.data["updatedAt"] as? String, "1970-01-01T00:00:01Z", "updatedAt moved")
        let stored = try await harness.database.read { try $0.queryFirst("SELECT value, sync_version FROM measurements WHERE id = $1", id) }
        XCTAssertEqual(try stored?.decode(Double.self, "value"), 5234)
        XCTAssertEqual(try stored?.decode(Int64.self, "sync_version"), 2)

        XCTAssertEqual(try send(id, #"{"value": 6000}"#, headers: ["If-Match: \"2\""]).status, 200, "If-Match naming the current version")
        let conflict = try send(id, #"{"value": 1}"#, headers: ["If-Match: 2"])
        XCTAssertEqual(conflict.status, 409, conflict.body)
        XCTAssertEqual(conflict.errorCode, "sync.conflict")
        XCTAssertEqual(conflict.data["syncVersion"] as? Int, 3, "the canonical row comes back")
        XCTAssertEqual(conflict.data["value"] as? Double, 6000)
        XCTAssertTrue(conflict.data["deletedAt"] is NSNull, "the canonical row is the whole row")

        for (target, bearer) in [(theirs, token), (id, other), (UUID().uuidString.lowercased(), token), ("not-a-uuid", token)] {
            let missing = try send(target, #"{"value": 2}"#, bearer: bearer)
            XCTAssertEqual(missing.status, 404, target)
            XCTAssertEqual(missing.errorCode, "measurement.not_found", target)
        }
        XCTAssertEqual(try send(deleted, #"{"value": 2}"#).status, 410)
        for body in [#"{"value": 2, "unit": "count"}"#, #"{"value": "2"}"#, #"{}"#, #"{"value": 1000000}"#] {
            let refused = try send(id, body)
            XCTAssertEqual(refused.status, 422, body)
        }
        let unchanged = try await harness.database.read { try $0.queryFirst("SELECT value FROM measurements WHERE id = $1", theirs) }
        XCTAssertEqual(try unchanged?.decode(Double.self, "value"), 1, "another user's row is untouched")
        XCTAssertEqual(try send(id, #"{"value": 2}"#, bearer: "nope").status, 401)
        XCTAssertEqual(try send(id, #"{"value": 2}"#, headers: ["If-Match: x"]).errorCode, "sync.if_match_invalid")

        let hardDelete = try http("DELETE", harness.url + "/api/measurements/" + id, bearer: token)
        XCTAssertEqual(hardDelete.status, 409, hardDelete.body)
        XCTAssertEqual(hardDelete.errorCode, "sync.hard_delete_blocked")
        XCTAssertEqual(try http("DELETE", harness.url + "/api/measurements/" + theirs, bearer: token).status, 404)
        XCTAssertEqual(try send(id, #"{"deletedAt": "2026-05-17T08:00:00+02:00", "value": 1000000}"#, headers: ["If-Match: 3"]).status, 422,
                       "a value sent with a delete is still checked")
        let softDeleted = try send(id, #"{"deletedAt": "2026-05-17T08:00:00+02:00"}"#, headers: ["If-Match: 3"])
        XCTAssertEqual(softDeleted.status, 200, softDeleted.body)
        XCTAssertEqual(softDeleted.data["deletedAt"] as? String, "2026-05-17T06:00:00Z")
        XCTAssertEqual(softDeleted.data["syncVersion"] as? Int, 4)
        XCTAssertEqual(try send(id, #"{"value": 2}"#, headers: ["If-Match: 4"]).status, 410, "an edit of a soft-deleted row")
        let listed = try harness.get("/api/measurements?type=weight&from=2026-05-16&to=2026-05-16", bearer: token)
        XCTAssertEqual(listed.status, 200, listed.body)
    }
}
