import Foundation
import XCTest

/// SQL lives beside the table it touches: a statement reading or writing a table listed in
/// `stores` appears only in that table's store, in a migration, or in `AccountDeletion`'s step
/// list (the one list of what deleting an account touches). The scan reads every Swift file under
/// `Sources/` for `FROM`, `JOIN`, `INTO` or `UPDATE` followed by the table's name; statements that
/// take the table's name from a declaration (`SyncedEntity`, `BackupTable`, `MultiRowInsert`) are
/// the ones contract §13 and the backup run alike over every synced or backed-up table.
final class StoreOwnershipTests: XCTestCase {
    /// Table → the files, under `Sources/HealthLogAPI/`, that hold its SQL: its store first. A
    /// join belongs to one store, which the joined table then lists too.
    static let stores = [
        "users": ["Users/UserStore.swift"],
        // `UserStore.accessToken` finds a bearer token with its holder's role and its family.
        "access_tokens": ["Auth/TokenStore.swift", "Users/UserStore.swift"],
        "refresh_tokens": ["Auth/TokenStore.swift"],
        "token_families": ["Auth/TokenStore.swift", "Users/UserStore.swift"],
        // `UserStore.timezones(ofUsersWithMeasurementsWhere:)` picks the accounts the drain visits.
        "measurements": ["Measurements/MeasurementStore.swift", "Users/UserStore.swift"],
        "medications": ["Medications/MedicationStore.swift"],
        "medication_intake_logs": ["Medications/MedicationStore.swift"],
        // `WithingsNotificationQueue.resolve` finds the user who linked a notification's account.
        "withings_accounts": ["Withings/WithingsAccountStore.swift", "Withings/WithingsNotificationQueue.swift"],
        "withings_link_states": ["Withings/WithingsAccountStore.swift"],
        "withings_notifications": ["Withings/WithingsNotificationQueue.swift"],
        "audit_log": ["Audit/AuditStore.swift"],
        "login_throttle": ["Auth/LoginThrottleStore.swift"],
        "mood_entries": ["Mood/MoodEntryStore.swift"],
        "workouts": ["Workouts/WorkoutStore.swift"],
        "personal_records": ["PersonalRecords/PersonalRecord.swift"],
        "personal_record_jobs": ["PersonalRecords/PersonalRecordJobs.swift"],
        "coach_messages": ["Coach/CoachMessage.swift"],
        "idempotency_keys": ["Ingest/IdempotencyStore.swift"],
        "batch_rate_limit": ["Ingest/BatchRateLimiter.swift"],
        "batch_rate_limit_seconds": ["Ingest/BatchRateLimiter.swift"],
        "sync_counters": ["Sync/SyncCounter.swift"],
        "assistant_flags": ["FeatureFlags/FeatureFlagStore.swift"],
    ]
    /// Files allowed to name any table: the step list of account deletion.
    static let everyTable = ["Users/AccountDeletion.swift"]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    func testSQLOnEachTableLivesInItsStore() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var texts: [String: String] = [:]
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = String(file.resolvingSymlinksInPath().path.dropFirst(Self.sources.resolvingSymlinksInPath().path.count + 1))
            texts[path] = try String(contentsOf: file, encoding: .utf8)
        }
        XCTAssertNotNil(texts["HealthLogAPI/Users/AccountDeletion.swift"], "the scan reads Sources/")
        for (table, owners) in Self.stores.sorted(by: { $0.key < $1.key }) {
            let statement = try NSRegularExpression(pattern: "\\b(FROM|JOIN|INTO|UPDATE)\\s+\(table)\\b")
            let allowed = Set((owners + Self.everyTable).map { "HealthLogAPI/" + $0 })
            let store = owners[0]
            XCTAssertNotNil(texts["HealthLogAPI/" + store], "\(store) exists")
            let writers = texts.filter { path, text in
                !allowed.contains(path) && !Self.isMigration(path)
                    && statement.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }.keys.sorted()
            XCTAssertEqual(writers, [], "SQL on \(table) belongs in Sources/HealthLogAPI/\(store)")
        }
    }

    /// Every table the HealthLog migrations create is in `stores`, so a new table gets a store and
    /// the scan above from its first statement. (A table a migration renames, a rebuild's
    /// scratch copy, ends under its new name.)
    func testEveryTableHasAStore() throws {
        let files = try XCTUnwrap(FileManager.default.enumerator(at: Self.sources.appendingPathComponent("HealthLogAPI"),
                                                                 includingPropertiesForKeys: nil))
        let created = try NSRegularExpression(pattern: "CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)")
        let renamed = try NSRegularExpression(pattern: "ALTER TABLE ([a-z_]+) RENAME TO")
        var tables = Set<String>(), scratch = Set<String>()
        func names(_ pattern: NSRegularExpression, in text: String) -> [String] {
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
        }
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            tables.formUnion(names(created, in: text))
            scratch.formUnion(names(renamed, in: text))
        }
        XCTAssertTrue(tables.contains("users"), "the scan reads the migrations")
        XCTAssertEqual(tables.subtracting(scratch).subtracting(Self.stores.keys).sorted(), [], "tables without a store in `stores`")
    }

    /// Migrations create and reshape every table.
    static func isMigration(_ path: String) -> Bool {
        (path as NSString).lastPathComponent.contains("Migration")
    }
}
