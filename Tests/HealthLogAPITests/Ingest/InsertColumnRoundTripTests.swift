import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// Every multi-row insert's column declarations, checked against the table: one row whose
/// every column gets a value no other column gets, inserted through the declaration the
/// service uses, then read back column by column by name. Two columns of one type given each
/// other's values (`InsertColumn("unit", \.row.type)`) fail here on both drivers.
final class InsertColumnRoundTripTests: XCTestCase {
    func testMeasurementColumnsOnSQLite() async throws { try await measurement(.sqlite) }
    func testMeasurementColumnsOnPostgres() async throws { try await measurement(.postgres) }
    func testWorkoutColumnsOnSQLite() async throws { try await workout(.sqlite) }
    func testWorkoutColumnsOnPostgres() async throws { try await workout(.postgres) }
    func testMoodBackfillColumnsOnSQLite() async throws { try await moodEntry(.sqlite) }
    func testMoodBackfillColumnsOnPostgres() async throws { try await moodEntry(.postgres) }
    func testIntakeBackfillColumnsOnSQLite() async throws { try await intake(.sqlite) }
    func testIntakeBackfillColumnsOnPostgres() async throws { try await intake(.postgres) }

    private let write = RowWrite(seconds: 1_700_000_004, milliseconds: 1_700_000_005_000, version: 7)

    private func measurement(_ backend: TestBackend) async throws {
        let (database, userID) = try await account(backend)
        let row = MeasurementRow(index: 0, id: "m-id", type: "m-type", source: "m-source", externalId: "m-external",
                                 hkIdentifier: "m-hk", value: 61.5, unit: "m-unit", measuredAt: 1_700_000_001, endAt: 1_700_000_002,
                                 sleepStage: 3, deviceType: "m-device", externalSourceVersion: "m-version")
        try await roundTrip(MeasurementStore.insert, Written(row: row, userID: userID, write: write), id: "m-id", in: database, [
            "user_id": .text(userID), "type": .text("m-type"), "source": .text("m-source"), "external_id": .text("m-external"),
            "hk_identifier": .text("m-hk"), "value": .real(61.5), "unit": .text("m-unit"), "measured_at": .integer(1_700_000_001),
            "end_at": .integer(1_700_000_002), "sleep_stage": .integer(3), "device_type": .text("m-device"),
            "external_source_version": .text("m-version"), "sync_version": .integer(7), "created_at": .integer(1_700_000_004),
            "updated_at": .integer(1_700_000_005_000),
        ])
    }

    private func workout(_ backend: TestBackend) async throws {
        let (database, userID) = try await account(backend)
        let row = WorkoutRow(index: 0, id: "w-id", externalId: "w-external", activityType: 37, activityName: "w-name",
                             startedAt: 1_700_000_001, endedAt: 1_700_000_002, duration: 900.5, energy: 250.25, distance: 3000.75,
                             sourceName: "w-source-name", deviceType: "w-device")
        try await roundTrip(WorkoutStore.insert, Written(row: row, userID: userID, write: write), id: "w-id", in: database, [
            "user_id": .text(userID), "source": .text(IngestSource.appleHealth), "external_id": .text("w-external"),
            "activity_type": .integer(37), "activity_name": .text("w-name"), "started_at": .integer(1_700_000_001),
            "ended_at": .integer(1_700_000_002), "duration_seconds": .real(900.5), "total_energy_kcal": .real(250.25),
            "total_distance_m": .real(3000.75), "source_name": .text("w-source-name"), "device_type": .text("w-device"),
            "created_at": .integer(1_700_000_004), "updated_at": .integer(1_700_000_004),
        ])
    }

    private func moodEntry(_ backend: TestBackend) async throws {
        let (database, userID) = try await account(backend)
        let entry = MoodEntryBulkEndpoint.Body.Entry(recordedAt: Date(timeIntervalSince1970: 1_700_000_001), mood: 4, energy: 2,
                                                     tags: ["e-tag"], note: "e-note", externalId: "e-external", clientId: "e-client")
        let row = BulkRow(index: 0, id: "e-id", externalId: entry.externalId, clientId: entry.clientId, entry: entry)
        try await roundTrip(MoodEntryBulkEndpoint.backfill.insert, Written(row: row, userID: userID, write: write), id: "e-id",
                            in: database, [
            "user_id": .text(userID), "external_id": .text("e-external"), "client_id": .text("e-client"),
            "recorded_at": .integer(1_700_000_001), "mood": .integer(4), "energy": .integer(2), "tags": .text(#"["e-tag"]"#),
            "note": .text("e-note"), "sync_version": .integer(7), "created_at": .integer(1_700_000_004),
            "updated_at": .integer(1_700_000_005_000),
        ])
    }

    private func intake(_ backend: TestBackend) async throws {
        let (database, userID) = try await account(backend)
        let medication = try await database.write { connection in
            try MedicationStore.insert(MedicationDetails(name: "Metformin", kind: "other", doseUnit: "mg", schedule: "daily",
                                                         startDate: nil, stopDate: nil), userID: userID, now: 1_700_000_000, on: connection)
        }
        let entry = IntakeBulkEndpoint.Body.Entry(medicationId: medication.id.uppercased(), takenAt: Date(timeIntervalSince1970: 1_700_000_001),
                                                  doseMg: 2.5, skipped: true, site: "i-site", note: "i-note",
                                                  externalId: "i-external", clientId: "i-client")
        let row = BulkRow(index: 0, id: "i-id", externalId: entry.externalId, clientId: entry.clientId, entry: entry)
        try await roundTrip(IntakeBulkEndpoint.backfill.insert, Written(row: row, userID: userID, write: write), id: "i-id",
                            in: database, [
            "user_id": .text(userID), "external_id": .text("i-external"), "client_id": .text("i-client"),
            "medication_id": .text(medication.id), "taken_at": .integer(1_700_000_001), "dose_mg": .real(2.5), "skipped": .integer(1),
            "site": .text("i-site"), "note": .text("i-note"), "sync_version": .integer(7), "created_at": .integer(1_700_000_004),
            "updated_at": .integer(1_700_000_005_000),
        ])
    }

    // MARK: Support

    /// A migrated database on `backend` holding one account; its id.
    private func account(_ backend: TestBackend) async throws -> (Database, String) {
        let database = try Database.open(url: try makeDatabaseURL(backend), poolSize: 1)
        addTeardownBlock { database.close() }
        try await database.migrate(HealthLogService().migrations)
        let userID = try UserAccounts.create(UserAccounts.NewAccount(email: "columns@example.com", password: "correct horse battery",
                                                                     role: .user, timezone: "Europe/Berlin"),
                                             hasher: .minimal, database: database)
        return (database, userID)
    }

    /// Inserts `row` through `insert`, then reads row `id` back: each column of `expected`
    /// holds its value, and `expected` names every column the declaration writes but `id`.
    private func roundTrip<Row: Sendable>(_ insert: MultiRowInsert<Row>, _ row: Row, id: String, in database: Database,
                                          _ expected: [String: SQLValue], file: StaticString = #filePath, line: UInt = #line) async throws {
        XCTAssertEqual(Set(insert.columns.map(\.name)), Set(expected.keys).union(["id"]), "declared columns", file: file, line: line)
        let inserted = try await database.transaction { try insert.run([row], on: $0) }
        XCTAssertEqual(inserted, [id], file: file, line: line)
        let columns = expected.keys.sorted()
        let stored = try await database.read { connection in
            try connection.queryFirst("SELECT \(columns.joined(separator: ", ")) FROM \(insert.table) WHERE id = $1", id)
        }
        let read = try XCTUnwrap(stored, "row \(id) in \(insert.table)", file: file, line: line)
        for column in columns {
            XCTAssertEqual(read[column], expected[column], "\(insert.table).\(column)", file: file, line: line)
        }
    }
}
