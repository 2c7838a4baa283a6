import APIToolkit
import Foundation
import HTTPServer
import Storage

/// Writes a checked backup document into an account, all in one transaction: nothing is half
/// written. Rows get fresh ids; intakes are linked to their medications' new ids; synced rows
/// take consecutive values of the user's sync counter and `updated_at` in milliseconds, the
/// others `updated_at` in seconds; `created_at` is the document's. Then the profile, the audit
/// row and, when measurements or workouts arrived, a personal-record detection.
enum BackupRestore {
    /// Thrown inside the transaction to roll it back when the account already holds the document.
    private struct AlreadyHeld: Error {}

    static func run(_ document: BackupImportDocument, userID: String, request: Request,
                    database: Database) async throws -> BackupImportResult {
        do {
            return try await database.transaction { connection in
                try restore(document, userID: userID, request: request, on: connection)
            }
        } catch is AlreadyHeld {
            return BackupImportResult(document, inserted: false)
        }
    }

    private static func restore(_ document: BackupImportDocument, userID: String, request: Request,
                                on connection: any DatabaseConnection) throws -> BackupImportResult {
        let now = Clock.now(), nowMs = Clock.nowMilliseconds()
        // Reserved first: the counter row is where every synced write of the user queues, so a
        // batch arriving meanwhile waits for this transaction instead of slipping in between.
        var version = document.syncedRowCount > 0 ? try SyncCounter.reserve(document.syncedRowCount, userID: userID, on: connection) : 0
        if try holdsRows(userID: userID, on: connection) {
            guard try BackupFingerprint.accountHolds(document, userID: userID, on: connection) else { throw BackupImport.accountNotEmpty }
            throw AlreadyHeld()
        }
        var storedIDs: [String: String] = [:]
        for table in BackupTables.all {
            var rows: [Written<Restored>] = []
            for row in document.rows(of: table) {
                let id = UUID().uuidString.lowercased()
                if table.hasDocumentID, let documentID = row[BackupTable.documentIDKey]?.stringValue { storedIDs[documentID] = id }
                var object = row
                // The document checked that the reference names a row stored before.
                if let reference = table.reference, let linked = row[reference.name]?.stringValue {
                    object[reference.name] = storedIDs[linked].map(JSONValue.string) ?? .null
                }
                rows.append(Written(row: Restored(id: id, object: object), userID: userID,
                                    write: RowWrite(seconds: now, milliseconds: nowMs, version: version)))
                if table.synced { version += 1 }
            }
            guard !rows.isEmpty else { continue }
            let insert = restoreInsert(table)
            // The account was empty and the document repeats no key: only a write racing this import collides.
            guard try insert.run(rows, on: connection).count == rows.count else { throw BackupImport.accountNotEmpty }
        }
        try UserStore.restoreProfile(document.profile, userID: userID, now: now, on: connection)
        let result = BackupImportResult(document, inserted: true)
        try AuditEntry(AuditAction.backupImport, userID: userID, request: request, details: result.auditDetails, at: now).insert(on: connection)
        if [BackupTables.measurements, BackupTables.workouts].contains(where: { !document.rows(of: $0).isEmpty }) {
            _ = try PersonalRecordJobs.enqueue(userID: userID, now: now, on: connection)
        }
        return result
    }

    /// A document row with the id it is stored under.
    private struct Restored: Sendable {
        let id: String
        let object: JSONObject
    }

    /// `table`'s insert: the row's id and user, the document's values, then the sync version
    /// and `updated_at` in milliseconds for a synced table, `updated_at` in seconds otherwise.
    private static func restoreInsert(_ table: BackupTable) -> MultiRowInsert<Written<Restored>> {
        let written: [InsertColumn<Written<Restored>>] = table.synced
            ? [InsertColumn("sync_version", \.write.version), InsertColumn("updated_at", \.write.milliseconds)]
            : [InsertColumn("updated_at", \.write.seconds)]
        return MultiRowInsert(table: table.table, columns: [InsertColumn("id", \.row.id), InsertColumn("user_id", \.userID)]
                                  + table.valueInsertColumns.map { $0.from { $0.row.object } } + written,
                              conflictColumns: [])
    }

    /// Whether the user has a row, live or soft-deleted, in any table a backup restores.
    static func holdsRows(userID: String, on connection: any DatabaseConnection) throws -> Bool {
        try BackupTables.all.contains { table in
            try connection.queryFirst("SELECT 1 AS held FROM \(table.table) WHERE user_id = $1 LIMIT 1", userID) != nil
        }
    }
}
