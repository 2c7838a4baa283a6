import HTTPServer
import Storage

/// One bulk-backfill entry with the row id it gets and the app's identifiers; the entry gives
/// the entity's own columns (`BulkBackfill.columns`).
struct BulkRow<Entry: Sendable>: Sendable {
    let index: Int
    let id: String
    let externalId: String?
    let clientId: String?
    let entry: Entry
}

/// Contract §13.1's first-pair backfill, shared by mood entries and intakes: every entry is
/// inserted unless the user already has a row with its `externalId` or its `clientId` (then
/// `duplicate`, with that row's id; the stored row is left as it is — no last-write-wins on this
/// path). An entry with neither identifier is skipped. One transaction: each inserted row takes
/// a value of the user's sync counter, the batch is audited with its counts.
struct BulkBackfill<Entry: Sendable>: Sendable {
    let entity: SyncedEntity
    /// The entity's own columns, after `id, user_id, external_id, client_id`.
    let columns: [InsertColumn<Entry>]
    let auditAction: String
    /// Entries to skip for a reason only the database knows (an intake's medication must be the user's).
    var reject: @Sendable (_ rows: [BulkRow<Entry>], _ userID: String,
                           _ connection: any DatabaseConnection) throws -> [Int: SkipReason] = { _, _, _ in [:] }

    var insert: MultiRowInsert<Written<BulkRow<Entry>>> {
        MultiRowInsert(table: entity.table, columns: [
            InsertColumn("id", \.row.id),
            InsertColumn("user_id", \.userID),
            InsertColumn("external_id", \.row.externalId),
            InsertColumn("client_id", \.row.clientId),
        ] + columns.map { $0.from { $0.row.entry } } + [
            InsertColumn("sync_version", \.write.version),
            InsertColumn("created_at", \.write.seconds),
            InsertColumn("updated_at", \.write.milliseconds),
        ], conflictColumns: [])
    }

    func store(_ mapped: [Result<BulkRow<Entry>, SkipReason>], userID: String, request: Request,
               database: Database) async throws -> BatchResult {
        var outcomes = [EntryOutcome](repeating: .duplicate, count: mapped.count)
        var rows: [BulkRow<Entry>] = []
        for (index, entry) in mapped.enumerated() {
            switch entry {
            case .success(let row): rows.append(row)
            case .failure(let reason): outcomes[index] = .skipped(reason)
            }
        }
        // One lock order for every transaction: overlapping backfills wait for each other, never deadlock.
        rows.sort { ($0.externalId ?? "", $0.clientId ?? "") < ($1.externalId ?? "", $1.clientId ?? "") }
        let candidates = rows, settled = outcomes
        return try await database.transaction { connection in
            var outcomes = settled, ids = [String?](repeating: nil, count: settled.count)
            let rejected = try reject(candidates, userID, connection)
            for (index, reason) in rejected { outcomes[index] = .skipped(reason) }
            let rows = candidates.filter { rejected[$0.index] == nil }
            if !rows.isEmpty {
                let first = try SyncCounter.reserve(rows.count, userID: userID, on: connection)
                let now = Clock.now(), nowMs = Clock.nowMilliseconds()
                let written = rows.enumerated().map { offset, row in
                    Written(row: row, userID: userID, write: RowWrite(seconds: now, milliseconds: nowMs, version: first + Int64(offset)))
                }
                let inserted = try insert.run(written, on: connection)
                let existing = try storedIDs(of: rows.filter { !inserted.contains($0.id) }, userID: userID, on: connection)
                for row in rows {
                    if inserted.contains(row.id) {
                        (outcomes[row.index], ids[row.index]) = (.inserted, row.id)
                    } else {
                        ids[row.index] = row.externalId.flatMap { existing.byExternalID[$0] } ?? row.clientId.flatMap { existing.byClientID[$0] }
                    }
                }
            }
            let result = BatchResult(outcomes: outcomes, ids: ids)
            try IngestAudit.recordBatch(auditAction, result: result, userID: userID, request: request, now: Clock.now(), on: connection)
            return result
        }
    }

    /// The stored rows the duplicates matched, by identifier.
    private func storedIDs(of rows: [BulkRow<Entry>], userID: String,
                           on connection: any DatabaseConnection) throws -> (byExternalID: [String: String], byClientID: [String: String]) {
        var byExternalID: [String: String] = [:], byClientID: [String: String] = [:]
        let externalIDs = rows.compactMap(\.externalId), clientIDs = rows.compactMap(\.clientId)
        for (column, keys) in [("external_id", externalIDs), ("client_id", clientIDs)] where !keys.isEmpty {
            let list = placeholderList(count: keys.count, from: 2)
            for row in try connection.query("SELECT id, \(column) AS key FROM \(entity.table) WHERE user_id = $1 AND \(column) IN (\(list))",
                                            [.text(userID)] + keys.map(SQLValue.text)) {
                let key: String = try row.decode("key"), id: String = try row.decode("id")
                if column == "external_id" { byExternalID[key] = id } else { byClientID[key] = id }
            }
        }
        return (byExternalID, byClientID)
    }
}
