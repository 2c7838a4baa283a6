import Foundation
import XCTest

/// Contract §13.3 and §13.4 on mood entries and intakes (measurements: `MeasurementPatchTests`):
/// `If-Match` decides every write, a soft delete is a PATCH under the same rule, a deleted row
/// never changes again, and hard deletes are refused. Responses are decoded with the app's
/// strict-date models.
final class SyncConflictTests: XCTestCase {
    func testStaleIfMatchIs409WithTheStoredRowOnSQLite() async throws { try await stale(.sqlite) }
    func testStaleIfMatchIs409WithTheStoredRowOnPostgres() async throws { try await stale(.postgres) }
    func testSoftDeleteOfAnEditedRowIs409OnSQLite() async throws { try await softDelete(.sqlite) }
    func testSoftDeleteOfAnEditedRowIs409OnPostgres() async throws { try await softDelete(.postgres) }
    func testEditOfASoftDeletedRowIs410OnSQLite() async throws { try await gone(.sqlite) }
    func testEditOfASoftDeletedRowIs410OnPostgres() async throws { try await gone(.postgres) }
    func testTwoServerProcessesPatchingOneRowLetExactlyOneWinOnSQLite() async throws { try await twoProcesses(.sqlite) }
    func testTwoServerProcessesPatchingOneRowLetExactlyOneWinOnPostgres() async throws { try await twoProcesses(.postgres) }

    private struct Paired {
        let harness: HealthLogHarness
        let user: String
        let client: SyncClient
        let mood: AppMoodEntry
        let intake: AppIntake
    }

    /// An account with one mood entry and one intake, backfilled as a phone pairs.
    private func paired(_ backend: TestBackend) async throws -> Paired {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("sync@example.com")
        let client = SyncClient(url: harness.url, token: try harness.nativeTokens("sync@example.com").access)
        let medication = try await harness.database.insertMedication(user: user)
        _ = try await client.bulkMood([SyncClient.mood(3, extra: ["energy": 4])])
        _ = try await client.bulkIntakes([SyncClient.intake(medication)])
        let mood = try XCTUnwrap(AppDecoder.data(AppPage<AppMoodEntry>.self, from: try client.get("/api/mood-entries").body).items.first)
        let intake = try XCTUnwrap(AppDecoder.data(AppPage<AppIntake>.self, from: try client.get("/api/medications/intake").body).items.first)
        return Paired(harness: harness, user: user, client: client, mood: mood, intake: intake)
    }

    private func stale(_ backend: TestBackend) async throws {
        let paired = try await paired(backend)
        let client = paired.client, mood = paired.mood, path = "/api/mood-entries/" + paired.mood.id
        let edited = try client.patch(path, #"{"mood": 5, "energy": null, "tags": ["run"]}"#, ifMatch: mood.syncVersion)
        XCTAssertEqual(edited.status, 200, edited.body)
        let after = try AppDecoder.data(AppMoodEntry.self, from: edited.body)
        XCTAssertEqual([after.mood], [5])
        XCTAssertNil(after.energy, "null clears a nullable field")
        XCTAssertEqual(after.tags, ["run"])
        XCTAssertGreaterThan(after.syncVersion, mood.syncVersion)
        XCTAssertGreaterThanOrEqual(after.updatedAtMs, mood.updatedAtMs)
        XCTAssertEqual(after.updatedAt.timeIntervalSince1970, TimeInterval(after.updatedAtMs / 1000),
                       "updatedAt is updatedAtMs cut to the second")

        let conflict = try client.patch(path, #"{"mood": 1}"#, ifMatch: mood.syncVersion)
        XCTAssertEqual(conflict.status, 409, conflict.body)
        XCTAssertEqual(conflict.json["error"] as? String, "sync.conflict")
        XCTAssertEqual(conflict.errorCode, "sync.conflict")
        XCTAssertEqual(try AppDecoder.data(AppMoodEntry.self, from: conflict.body), after, "the stored row, as the app decodes it")

        let intakePath = "/api/medications/intake/" + paired.intake.id
        let dosed = try client.patch(intakePath, #"{"doseMg": 7.5, "site": "abdomen_right", "takenAt": "2026-05-16T09:30:00+02:00"}"#,
                                     ifMatch: paired.intake.syncVersion)
        XCTAssertEqual(dosed.status, 200, dosed.body)
        let intake = try AppDecoder.data(AppIntake.self, from: dosed.body)
        XCTAssertEqual(intake.doseMg, 7.5)
        XCTAssertEqual(intake.takenAt, ISO8601DateFormatter().date(from: "2026-05-16T07:30:00Z"))
        XCTAssertEqual(try client.patch(intakePath, #"{"doseMg": 10}"#, ifMatch: paired.intake.syncVersion).errorCode, "sync.conflict")

        for (body, ifMatch, status, code) in [(#"{"mood": 4}"#, nil, 428, "sync.if_match_required"),
                                              (#"{"mood": 4}"#, -1, 400, "sync.if_match_invalid"),
                                              (#"{"mood": 4}"#, 0, 409, "sync.conflict"),
                                              (#"{}"#, after.syncVersion, 422, "validation.failed"),
                                              (#"{"mood": 9}"#, after.syncVersion, 422, "validation.failed"),
                                              (#"{"syncVersion": 99}"#, after.syncVersion, 422, "validation.failed")] as [(String, Int?, Int, String)] {
            let refused = try client.patch(path, body, ifMatch: ifMatch)
            XCTAssertEqual(refused.status, status, "\(body) \(refused.body)")
            XCTAssertEqual(refused.errorCode, code, body)
        }
        let hardDelete = try http("DELETE", client.url + path, bearer: client.token)
        XCTAssertEqual(hardDelete.status, 409, hardDelete.body)
        XCTAssertEqual(hardDelete.errorCode, "sync.hard_delete_blocked")

        try paired.harness.createUser("stranger@example.com")
        let stranger = SyncClient(url: client.url, token: try paired.harness.nativeTokens("stranger@example.com").access)
        XCTAssertEqual(try stranger.patch(path, #"{"mood": 1}"#, ifMatch: after.syncVersion).status, 404, "another user's row")
        XCTAssertEqual(try http("DELETE", client.url + path, bearer: stranger.token).status, 404)
        XCTAssertEqual(try AppDecoder.data(AppPage<AppMoodEntry>.self, from: try client.get("/api/mood-entries").body).items, [after])
    }

    /// Phone A edits, phone B (still at the old version) deletes: B is told the row changed.
    private func softDelete(_ backend: TestBackend) async throws {
        let paired = try await paired(backend)
        let client = paired.client, path = "/api/mood-entries/" + paired.mood.id
        let edited = try client.patch(path, #"{"note": "edited on the iPad"}"#, ifMatch: paired.mood.syncVersion)
        let version = try AppDecoder.data(AppMoodEntry.self, from: edited.body).syncVersion
        let stale = try client.patch(path, #"{"deletedAt": "2026-05-17T10:00:00Z"}"#, ifMatch: paired.mood.syncVersion)
        XCTAssertEqual(stale.status, 409, stale.body)
        XCTAssertEqual(stale.errorCode, "sync.conflict")
        XCTAssertEqual(try AppDecoder.data(AppMoodEntry.self, from: stale.body).note, "edited on the iPad")
        XCTAssertNil(try AppDecoder.data(AppMoodEntry.self, from: stale.body).deletedAt)

        let deleted = try client.patch(path, #"{"deletedAt": "2026-05-17T12:00:00+02:00"}"#, ifMatch: version)
        XCTAssertEqual(deleted.status, 200, deleted.body)
        let row = try AppDecoder.data(AppMoodEntry.self, from: deleted.body)
        XCTAssertEqual(row.deletedAt, ISO8601DateFormatter().date(from: "2026-05-17T10:00:00Z"))
        XCTAssertGreaterThan(row.syncVersion, version, "a delete is a change")
        XCTAssertEqual(try AppDecoder.data(AppPage<AppMoodEntry>.self, from: try client.get("/api/mood-entries").body).items, [],
                       "live lists leave deleted rows out")
        XCTAssertEqual(try client.patch(path, #"{"deletedAt": "2026-05-17T12:00:00Z", "mood": 2}"#, ifMatch: row.syncVersion).status, 410,
                       "deleted once, deleted for good")
    }

    private func gone(_ backend: TestBackend) async throws {
        let paired = try await paired(backend)
        let client = paired.client, path = "/api/medications/intake/" + paired.intake.id
        let deleted = try client.patch(path, #"{"deletedAt": "2026-05-17T10:00:00Z"}"#, ifMatch: paired.intake.syncVersion)
        XCTAssertEqual(deleted.status, 200, deleted.body)
        let version = try AppDecoder.data(AppIntake.self, from: deleted.body).syncVersion
        for (body, ifMatch) in [(#"{"doseMg": 1}"#, version), (#"{"doseMg": 1}"#, paired.intake.syncVersion),
                                (#"{"deletedAt": "2026-05-18T10:00:00Z"}"#, version)] {
            let refused = try client.patch(path, body, ifMatch: ifMatch)
            XCTAssertEqual(refused.status, 410, "\(body) If-Match \(ifMatch): \(refused.body)")
            XCTAssertEqual(refused.errorCode, "medication_intake.gone")
        }
        let stored = try await paired.harness.database.read { try $0.queryFirst("SELECT dose_mg, sync_version FROM medication_intake_logs") }
        XCTAssertEqual(try stored?.decode(Double.self, "dose_mg"), 5, "nothing changed after the delete")
        XCTAssertEqual(try stored?.decode(Int.self, "sync_version"), version)
    }

    /// Two server processes on one database, two phones PATCHing the same row with the same
    /// If-Match, many rounds: every round exactly one wins and the other gets the winner's row.
    private func twoProcesses(_ backend: TestBackend) async throws {
        let servers = try await TwinServers.start(self, backend)
        let token = try servers.bearer(for: "twins@example.com")
        let phones = servers.urls.map { SyncClient(url: $0, token: token) }
        _ = try await phones[0].bulkMood([SyncClient.mood(3)])
        var row = try XCTUnwrap(AppDecoder.data(AppPage<AppMoodEntry>.self, from: try phones[0].get("/api/mood-entries").body).items.first)
        for round in 0..<12 {
            let version = row.syncVersion, path = "/api/mood-entries/" + row.id
            let attempts = phones.enumerated().map { index, phone in
                Task.detached { try phone.patch(path, #"{"mood": \#(index + 1), "note": "round \#(round)"}"#, ifMatch: version) }
            }
            var results: [HTTPResult] = []
            for attempt in attempts { results.append(try await attempt.value) }
            XCTAssertEqual(results.map(\.status).sorted(), [200, 409], results.map(\.body).joined(separator: "\n"))
            let winner = try XCTUnwrap(results.first { $0.status == 200 }), loser = try XCTUnwrap(results.first { $0.status == 409 })
            row = try AppDecoder.data(AppMoodEntry.self, from: winner.body)
            XCTAssertEqual(try AppDecoder.data(AppMoodEntry.self, from: loser.body), row, "the loser is handed the winner's row")
        }
        let stored = try await servers.database.read { try $0.queryFirst("SELECT mood, note, sync_version FROM mood_entries") }
        XCTAssertEqual(try stored?.decode(Int.self, "sync_version"), row.syncVersion)
        XCTAssertEqual(try stored?.decode(String.self, "note"), "round 11")
    }
}
