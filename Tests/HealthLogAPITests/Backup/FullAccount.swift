import Foundation
import Storage
import XCTest

/// An account holding a row of every kind a backup carries, written the way the apps write
/// them (batches, bulk backfills, PATCH, the settings routes); medications by SQL, as no route
/// creates them on this branch.
struct FullAccount {
    let userID: String
    let email: String
    let access: String
    /// The external id of the measurement soft-deleted by PATCH.
    let deletedExternalID: String

    static let timezone = "America/New_York"
    /// Live rows per document array (the soft-deleted measurement is not one of them).
    static let liveRows = ["measurements": 4, "workouts": 2, "medications": 2, "intakes": 3, "moodEntries": 3]

    static func seed(_ harness: HealthLogHarness, email: String) async throws -> FullAccount {
        let userID = try harness.createUser(email, timezone: timezone)
        let access = try harness.nativeTokens(email).access
        let deleted = "del-" + UUID().uuidString
        try await post(harness, "/api/measurements/batch", access, Samples.batch([
            Samples.entry(value: 4200, start: "2026-05-14T10:00:00Z", end: "2026-05-14T11:00:00Z"),
            Samples.entry(value: 3100, start: "2026-05-15T10:00:00Z", end: "2026-05-15T11:00:00Z",
                          extra: ["deviceType": "watch", "externalSourceVersion": "10.4"]),
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 81.25, unit: "kg", start: "2026-05-15T06:30:00Z",
                          extra: ["deviceType": "scale"]),
            Samples.entry("HKQuantityTypeIdentifierHeartRate", value: 62, unit: "count/min", start: "2026-05-15T07:00:00Z"),
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 82, unit: "kg", start: "2026-05-13T06:30:00Z", externalId: deleted),
        ]))
        let row = try await harness.database.read { connection in
            try connection.queryFirst("SELECT id, sync_version FROM measurements WHERE external_id = $1", deleted)
        }
        let softDelete = try http("PATCH", harness.url + "/api/measurements/" + (try XCTUnwrap(row).decode(String.self, "id")),
                                  json: #"{"deletedAt":"2026-05-16T08:00:00Z"}"#, bearer: access,
                                  headers: ["If-Match: \(try XCTUnwrap(row).decode(Int64.self, "sync_version"))"])
        XCTAssertEqual(softDelete.status, 200, softDelete.body)
        try await post(harness, "/api/workouts/batch", access, ["workouts": [
            Samples.workout(),
            Samples.workout(activityType: 52, start: "2026-05-15T17:00:00Z", end: "2026-05-15T17:45:00Z", duration: 2400,
                            extra: ["totalEnergyBurned": 210.5, "totalDistance": 3800, "sourceName": "Apple Watch", "deviceType": "watch"]),
        ]])
        let medications = [UUID().uuidString.lowercased(), UUID().uuidString.lowercased()]
        try await harness.execute("""
            INSERT INTO medications (id, user_id, name, kind, dose_unit, schedule, start_date, stop_date, glp1_drug, glp1_brand,
                                     glp1_dose_mg, glp1_interval_days, glp1_since, created_at, updated_at)
            VALUES ($1, $3, 'Mounjaro', 'glp1', 'mg', 'weekly', '2026-01-05', NULL, 'tirzepatide', 'Mounjaro', 5, 7, '2026-03-02',
                    1767600000, 1767600000),
                   ($2, $3, 'Ozempic', 'glp1', 'mg', 'weekly', '2025-06-01', '2025-12-31', 'semaglutide', 'Ozempic', 0.5, 7,
                    '2025-06-01', 1748736000, 1767225600)
            """, [.text(medications[0]), .text(medications[1]), .text(userID)])
        try await post(harness, "/api/medications/intake/bulk", access, ["entries": [
            ["medicationId": medications[0], "takenAt": "2026-05-11T08:00:00Z", "doseMg": 5, "site": "abdomen_left",
             "note": "after breakfast", "externalId": "intake-1"],
            ["medicationId": medications[0], "takenAt": "2026-05-18T08:00:00+02:00", "skipped": true, "clientId": "local-2"],
            ["medicationId": medications[1], "takenAt": "2025-07-06T19:30:00Z", "doseMg": 0.5, "site": "thigh_right",
             "externalId": "intake-3", "clientId": "local-3"],
        ]])
        try await post(harness, "/api/mood-entries/bulk", access, ["entries": [
            ["recordedAt": "2026-05-14T21:00:00Z", "mood": 4, "energy": 3, "tags": ["work", "sleep"], "note": "steady", "externalId": "mood-1"],
            ["recordedAt": "2026-05-15T21:00:00Z", "mood": 2, "tags": [], "clientId": "local-mood-2"],
            ["recordedAt": "2026-05-16T09:15:00+02:00", "mood": 5, "energy": 5, "externalId": "mood-3"],
        ]])
        let acknowledged = try http("POST", harness.url + "/api/auth/me/research-mode",
                                    json: #"{"acknowledgedVersion":"2026-05-14.1"}"#, bearer: access)
        XCTAssertEqual(acknowledged.status, 200, acknowledged.body)
        let priority = try http("PUT", harness.url + "/api/auth/me/source-priority", json: """
            {"metricPriority":{"steps":["APPLE_HEALTH","WITHINGS"]},"deviceTypePriority":{"default":["watch","phone"]}}
            """, bearer: access)
        XCTAssertEqual(priority.status, 200, priority.body)
        return FullAccount(userID: userID, email: email, access: access, deletedExternalID: deleted)
    }

    /// Posts a batch or bulk body that must be stored whole.
    private static func post(_ harness: HealthLogHarness, _ path: String, _ access: String, _ json: [String: Any]) async throws {
        let response = try await BatchClient.post(harness.url + path, json: json, bearer: access)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.inserted, response.processed, response.text)
    }
}
