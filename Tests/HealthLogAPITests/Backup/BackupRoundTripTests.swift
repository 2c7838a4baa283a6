import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// `GET /api/backup/export` and `POST /api/backup/import` end to end: export → import into a new
/// account → export gives the same document (ids, exportedAt and the e-mail aside); a repeated
/// import changes nothing; an account holding other data is 409; the export streams in pages.
final class BackupRoundTripTests: XCTestCase {
    func testExportImportExportGivesTheSameDocumentAndAReimportChangesNothingOnSQLite() async throws { try await roundTrip(.sqlite) }
    func testExportImportExportGivesTheSameDocumentAndAReimportChangesNothingOnPostgres() async throws { try await roundTrip(.postgres) }
    func testTheExportStreamsMoreRowsThanAPageEachExactlyOnceOnSQLite() async throws { try await paging(.sqlite) }
    func testTheExportStreamsMoreRowsThanAPageEachExactlyOnceOnPostgres() async throws { try await paging(.postgres) }

    private func roundTrip(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let source = try await FullAccount.seed(harness, email: "source@example.com")
        let (exported, document) = try BackupClient.export(harness, access: source.access)
        XCTAssertEqual(exported.header("Content-Type"), "application/json; charset=utf-8")
        XCTAssertEqual(exported.header("Transfer-Encoding"), "chunked", "streamed, not buffered")
        XCTAssertEqual(exported.header("Cache-Control"), "no-store")
        let day = String(try XCTUnwrap(document["exportedAt"] as? String).prefix(10))
        XCTAssertEqual(exported.header("Content-Disposition"), "attachment; filename=\"healthlog-backup-\(day).json\"")
        XCTAssertEqual(document["format"] as? String, "healthlog-backup")
        XCTAssertEqual(document["version"] as? Int, 1)
        assertIOSDate(document["exportedAt"], "exportedAt")
        let profile = try XCTUnwrap(document["profile"] as? [String: Any])
        XCTAssertEqual(profile["email"] as? String, source.email)
        XCTAssertEqual(profile["timezone"] as? String, FullAccount.timezone)
        XCTAssertNotNil((profile["sourcePriority"] as? [String: Any])?["metricPriority"])
        let research = try XCTUnwrap(profile["researchMode"] as? [String: Any])
        XCTAssertEqual(research["acknowledgedVersion"] as? String, "2026-05-14.1")
        assertIOSDate(research["acknowledgedAt"], "researchMode.acknowledgedAt")
        for (key, count) in FullAccount.liveRows { XCTAssertEqual(BackupClient.rows(document, key).count, count, key) }
        XCTAssertFalse(exported.body.contains(source.deletedExternalID), "soft-deleted rows are not exported")
        BackupClient.assertDatesAreIOSDates(document)
        let medicationIDs = Set(BackupClient.rows(document, "medications").compactMap { $0["id"] as? String })
        XCTAssertEqual(BackupClient.rows(document, "intakes").compactMap { $0["medicationId"] as? String }.filter(medicationIDs.contains).count, 3)
        XCTAssertTrue(BackupClient.rows(document, "medications").allSatisfy { ($0["glp1"] as? [String: Any])?["drug"] is String })

        let targetID = try harness.createUser("target@example.com", timezone: "UTC")
        let target = try harness.nativeTokens("target@example.com").access
        let imported = try await BackupClient.import(harness, access: target, body: Data(exported.body.utf8))
        XCTAssertEqual(imported.status, 200, imported.text)
        XCTAssertEqual(imported.inserted, FullAccount.liveRows.values.reduce(0, +))
        XCTAssertEqual(imported.duplicates, 0)
        XCTAssertEqual((imported.data["intakes"] as? [String: Any])?["inserted"] as? Int, 3)
        let (_, restored) = try BackupClient.export(harness, access: target)
        XCTAssertEqual(try BackupClient.comparable(restored), try BackupClient.comparable(document))
        XCTAssertEqual((restored["profile"] as? [String: Any])?["email"] as? String, "target@example.com", "the e-mail is never restored")
        XCTAssertTrue(Set(BackupClient.rows(restored, "medications").compactMap { $0["id"] as? String }).isDisjoint(with: medicationIDs),
                      "fresh ids")
        try await assertServerBookkeeping(harness, userID: targetID)

        // The same file again: the account holds exactly that document, so nothing changes.
        let before = try await BackupClient.snapshot(harness, userID: targetID)
        let again = try await BackupClient.import(harness, access: target, body: Data(exported.body.utf8))
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertEqual(again.inserted, 0)
        XCTAssertEqual(again.duplicates, FullAccount.liveRows.values.reduce(0, +))
        XCTAssertEqual((again.data["moodEntries"] as? [String: Any])?["duplicates"] as? Int, 3)
        let after = try await BackupClient.snapshot(harness, userID: targetID)
        XCTAssertEqual(after, before, "rows, versions and the sync counter unchanged")

        // Once the account holds anything else, the same file is refused and nothing is written.
        let extra = try await BatchClient.post(harness.url + "/api/mood-entries/bulk", json: ["entries": [
            ["recordedAt": "2026-05-20T10:00:00Z", "mood": 3, "externalId": "mood-extra"]]], bearer: target)
        XCTAssertEqual(extra.status, 200, extra.text)
        let occupied = try await BackupClient.snapshot(harness, userID: targetID)
        let refused = try await BackupClient.import(harness, access: target, body: Data(exported.body.utf8))
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertEqual(refused.errorCode, "backup.account_not_empty")
        let unchanged = try await BackupClient.snapshot(harness, userID: targetID)
        XCTAssertEqual(unchanged, occupied)
    }

    /// Imported rows have fresh sync versions (one per synced row, none shared) and updated_at
    /// now: milliseconds on the synced tables, seconds on workouts and medications.
    private func assertServerBookkeeping(_ harness: HealthLogHarness, userID: String) async throws {
        let now = Int64(Date().timeIntervalSince1970)
        let versions = try await harness.database.read { connection in
            try ["measurements", "medication_intake_logs", "mood_entries"].flatMap { table in
                try connection.query("SELECT sync_version, updated_at FROM \(table) WHERE user_id = $1", userID).map { row in
                    let updated: Int64 = try row.decode("updated_at")
                    XCTAssertLessThan(abs(updated / 1000 - now), 120, "\(table).updated_at in milliseconds, now")
                    return try row.decode(Int64.self, "sync_version")
                }
            }
        }
        XCTAssertEqual(Set(versions), Set(1...Int64(versions.count)), "consecutive counter values, none shared")
        for table in ["workouts", "medications"] {
            let stamps = try await harness.database.read { connection in
                try connection.query("SELECT updated_at FROM \(table) WHERE user_id = $1", userID).map { try $0.decode(Int64.self, "updated_at") }
            }
            XCTAssertTrue(stamps.allSatisfy { abs($0 - now) < 120 }, "\(table).updated_at in seconds, now: \(stamps)")
        }
    }

    private func paging(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("many@example.com")
        let access = try harness.nativeTokens("many@example.com").access
        let count = BackupExport.pageSize * 2 + 345
        for start in stride(from: 0, to: count, by: 500) {
            let rows = (start..<min(start + 500, count)).map { index in
                "('\(UUID().uuidString.lowercased())', $1, '\(index % 2 == 0 ? "steps" : "heart_rate")', 'APPLE_HEALTH', 'sample-\(index)', "
                    + "\(index), 'count', \(1_778_000_000 + index * 60), \(1_778_000_000 + index * 60), \(index + 1), 1, 1)"
            }
            try await harness.execute("""
                INSERT INTO measurements (id, user_id, type, source, external_id, value, unit, measured_at, end_at, sync_version,
                                          created_at, updated_at) VALUES \(rows.joined(separator: ", "))
                """, [.text(userID)])
        }
        // Mood entries page by (created_at, id): all created in one second, so the id breaks every tie.
        let moods = BackupExport.pageSize + 50
        for start in stride(from: 0, to: moods, by: 500) {
            let rows = (start..<min(start + 500, moods)).map { index in
                "('\(UUID().uuidString.lowercased())', $1, \(1_778_000_000 + index), 3, 'mood-\(index)', \(count + index + 1), 1778900000, 1)"
            }
            try await harness.execute("""
                INSERT INTO mood_entries (id, user_id, recorded_at, mood, external_id, sync_version, created_at, updated_at)
                VALUES \(rows.joined(separator: ", "))
                """, [.text(userID)])
        }
        let (exported, document) = try BackupClient.export(harness, access: access)
        XCTAssertEqual(exported.header("Transfer-Encoding"), "chunked")
        for (key, expected) in [("measurements", count), ("moodEntries", moods)] {
            let ids = BackupClient.rows(document, key).compactMap { $0["externalId"] as? String }
            XCTAssertEqual(ids.count, expected, key)
            XCTAssertEqual(Set(ids).count, expected, "every \(key) row exactly once across the pages")
        }
    }
}
