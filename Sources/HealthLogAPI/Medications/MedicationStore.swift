import Foundation
import Storage

/// Every statement on `medications` and `medication_intake_logs` (schema:
/// `HealthLogMigrations.syncedEntities`), one store for the pair since an intake's reads join its
/// medication; contract §13's synced machinery and the backup run their shared statements over the
/// intake table as over every synced table (`SyncedEntity`, `BulkBackfill`, `BackupTable`). Each
/// runs on the caller's connection, so it joins whatever the caller opened (`read`, `write` or
/// `transaction`). `StoreOwnershipTests` fails when SQL naming either table appears anywhere else
/// but the migrations.
enum MedicationStore {
    // MARK: Medications

    /// The caller's row `id`, or nil (another user's row is as absent as a missing one).
    static func record(id: String, userID: String, on connection: any DatabaseConnection) throws -> MedicationRecord? {
        try connection.queryFirst("SELECT \(MedicationRecord.columns) FROM medications WHERE id = $1 AND user_id = $2", id, userID)
            .map(MedicationRecord.init(row:))
    }

    /// The caller's row `id` inside a write transaction, locked until it commits: touching
    /// `updated_at` takes PostgreSQL's row lock (SQLite's `BEGIN IMMEDIATE` already admits one
    /// writer), so checks against the returned row hold for the change that follows. 404 when absent.
    static func locked(id: String, userID: String, now: Int64, on connection: any DatabaseConnection) throws -> MedicationRecord {
        guard let row = try connection.queryFirst("""
            UPDATE medications SET updated_at = $1 WHERE id = $2 AND user_id = $3 RETURNING \(MedicationRecord.columns)
            """, now, id, userID) else { throw MedicationRecord.notFound }
        return try MedicationRecord(row: row)
    }

    /// The user's medications, oldest first or newest first.
    static func records(userID: String, newestFirst: Bool, on connection: any DatabaseConnection) throws -> [MedicationRecord] {
        let order = newestFirst ? "created_at DESC, id DESC" : "created_at, id"
        return try connection.query("SELECT \(MedicationRecord.columns) FROM medications WHERE user_id = $1 ORDER BY \(order)", userID)
            .map(MedicationRecord.init(row:))
    }

    /// Stores a new medication created at `now` and returns it.
    static func insert(_ details: MedicationDetails, userID: String, now: Int64,
                       on connection: any DatabaseConnection) throws -> MedicationRecord {
        guard let row = try connection.queryFirst("""
            INSERT INTO medications (id, user_id, name, kind, dose_unit, schedule, start_date, stop_date, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING \(MedicationRecord.columns)
            """, UUID().uuidString.lowercased(), userID, details.name, details.kind, details.doseUnit, details.schedule,
            details.startDate, details.stopDate, now) else {
            throw DatabaseError(.statementFailed, "the medication insert returned no row")
        }
        return try MedicationRecord(row: row)
    }

    /// Sets `assignments` (column, value) on the caller's row `id` and returns it as written; nil when absent.
    static func update(id: String, userID: String, _ assignments: [(String, SQLValue)],
                       on connection: any DatabaseConnection) throws -> MedicationRecord? {
        let set = assignments.enumerated().map { "\($1.0) = $\($0 + 1)" }.joined(separator: ", ")
        return try connection.queryFirst("""
            UPDATE medications SET \(set) WHERE id = $\(assignments.count + 1) AND user_id = $\(assignments.count + 2)
            RETURNING \(MedicationRecord.columns)
            """, assignments.map(\.1) + [.text(id), .text(userID)]).map(MedicationRecord.init(row:))
    }

    /// Makes the caller's row `id` a GLP-1 with these details and returns it; nil when absent.
    static func setGLP1(id: String, userID: String, _ glp1: MedicationRecord.GLP1, now: Int64,
                        on connection: any DatabaseConnection) throws -> MedicationRecord? {
        try connection.queryFirst("""
            UPDATE medications SET kind = 'glp1', glp1_drug = $1, glp1_brand = $2, glp1_dose_mg = $3,
                glp1_interval_days = $4, glp1_since = $5, updated_at = $6
            WHERE id = $7 AND user_id = $8 RETURNING \(MedicationRecord.columns)
            """, glp1.drug, glp1.brand, glp1.doseMg, glp1.intervalDays, glp1.since, now, id, userID).map(MedicationRecord.init(row:))
    }

    /// Which of `ids` are the user's medications.
    static func ownedIDs(userID: String, among ids: Set<String>, on connection: any DatabaseConnection) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        let list = placeholderList(count: ids.count, from: 2)
        return Set(try connection.query("SELECT id FROM medications WHERE user_id = $1 AND id IN (\(list))",
                                        [.text(userID)] + ids.sorted().map(SQLValue.text)).map { try $0.decode(String.self, "id") })
    }

    /// A medication as the Coach names it, with the first time a live intake of it was logged.
    struct Named: Sendable {
        let id: String
        let name: String
        let kind: String
        let startDate: String?
        let firstTaken: Int64?
    }

    /// The user's medications, oldest first, each with its first live intake.
    static func named(userID: String, on connection: any DatabaseConnection) throws -> [Named] {
        try connection.query("""
            SELECT m.id, m.name, m.kind, m.start_date,
                   (SELECT MIN(taken_at) FROM medication_intake_logs i WHERE i.medication_id = m.id AND i.deleted_at IS NULL) AS first_taken
            FROM medications m WHERE m.user_id = $1 ORDER BY m.created_at, m.id
            """, userID).map { row in
            Named(id: try row.decode("id"), name: try row.decode("name"), kind: try row.decode("kind"),
                  startDate: try row.decode("start_date"), firstTaken: try row.decode("first_taken"))
        }
    }

    // MARK: Intakes

    /// A live intake as the reads use it.
    struct Intake: Sendable {
        let medicationID: String
        let takenAt: Int64
        let doseMg: Double?
        let skipped: Bool
    }

    /// The user's live intakes taken at or after `since`, oldest first.
    static func intakes(userID: String, since: Int64, on connection: any DatabaseConnection) throws -> [Intake] {
        try connection.query("""
            SELECT medication_id, taken_at, dose_mg, skipped FROM medication_intake_logs
            WHERE user_id = $1 AND deleted_at IS NULL AND taken_at >= $2 ORDER BY taken_at
            """, userID, since).map(Intake.init(row:))
    }

    /// The user's live doses taken (not skipped) in `start..<end`, of one medication when given.
    static func taken(userID: String, medicationID: String? = nil, from start: Int64, before end: Int64,
                      on connection: any DatabaseConnection) throws -> [Intake] {
        let parameters: [SQLValue] = [.text(userID), .integer(start), .integer(end)] + (medicationID.map { [.text($0)] } ?? [])
        let oneMedication = medicationID == nil ? "" : " AND medication_id = $4"
        return try connection.query("""
            SELECT medication_id, taken_at, dose_mg, skipped FROM medication_intake_logs
            WHERE user_id = $1 AND skipped = 0 AND deleted_at IS NULL AND taken_at >= $2 AND taken_at < $3\(oneMedication)
            ORDER BY taken_at
            """, parameters).map(Intake.init(row:))
    }

    /// When each live dose taken before `end` of a GLP-1 was taken, with the medication's brand.
    static func glp1Doses(userID: String, before end: Int64,
                          on connection: any DatabaseConnection) throws -> [(takenAt: Int64, brand: String?)] {
        try connection.query("""
            SELECT l.taken_at, m.glp1_brand FROM medication_intake_logs l JOIN medications m ON m.id = l.medication_id
            WHERE l.user_id = $1 AND m.kind = $2 AND l.skipped = 0 AND l.deleted_at IS NULL AND l.taken_at < $3
            """, userID, MedicationFields.glp1Kind, end).map { (try $0.decode("taken_at"), try $0.decode("glp1_brand")) }
    }
}

extension MedicationStore.Intake {
    init(row: Row) throws {
        medicationID = try row.decode("medication_id")
        takenAt = try row.decode("taken_at")
        doseMg = try row.decode("dose_mg")
        skipped = try row.decode(Int64.self, "skipped") != 0
    }
}
