import HTTPServer
import Storage

/// A batch entry mapped to the row it becomes, ready to insert.
protocol BatchRow: Sendable {
    /// The entry's position in the request.
    var index: Int { get }
    /// The primary key generated for the row (what `MultiRowInsert.run` reports back for an inserted row).
    var id: String { get }
    /// The row's values of the table's dedup key; rows are inserted in this order.
    var conflictKey: ConflictKey { get }
}

/// A row's values of its table's dedup key (one or two text columns), compared column by column.
/// Two strings rather than an array, so a batch's sort builds no array per row.
struct ConflictKey: Comparable, Sendable {
    let first: String
    /// Empty for a one-column key.
    let second: String

    init(_ first: String, _ second: String = "") {
        (self.first, self.second) = (first, second)
    }

    static func < (lhs: ConflictKey, rhs: ConflictKey) -> Bool {
        lhs.first != rhs.first ? lhs.first < rhs.first : lhs.second < rhs.second
    }
}

/// When a row is written: unix seconds (`created_at`), unix milliseconds (a synced row's
/// `updated_at`) and, for a synced table, the row's value of the user's sync counter.
struct RowWrite: Sendable {
    let seconds: Int64
    let milliseconds: Int64
    let version: Int64
}

/// A row on its way into its table: the mapped row, the user who owns it and when it is
/// written. What a `MultiRowInsert`'s columns read their values from.
struct Written<Row: Sendable>: Sendable {
    let row: Row
    let userID: String
    let write: RowWrite
}

/// How both batch endpoints store a batch, all or nothing: the mapped rows (each one `inserted`
/// or, when its dedup key is already stored, `duplicate`), the batch's audit row and, when
/// anything new was stored, the personal-record detection job with its audit row. It is a
/// grouped transaction (`Database.groupedTransaction`): on SQLite the batches waiting for the
/// writer commit together, each in its own savepoint, so a failing batch stores nothing and
/// the others are unaffected.
struct BatchIngest<Row: BatchRow>: Sendable {
    let insert: MultiRowInsert<Written<Row>>
    /// `measurement.batch.ingest` or `workout.batch.ingest`.
    let auditAction: String
    /// Rows of a contract §13 synced table take their `sync_version` from `SyncCounter`.
    var synced = false

    /// `mapped` holds one entry per request entry, in request order: its row, or why it is skipped.
    func store(_ mapped: [Result<Row, SkipReason>], userID: String, request: Request, now: Int64,
               database: Database) async throws -> BatchResult {
        var settled = [EntryOutcome](repeating: .duplicate, count: mapped.count)
        var rows: [Row] = []
        for (index, entry) in mapped.enumerated() {
            switch entry {
            case .success(let row): rows.append(row)
            case .failure(let reason): settled[index] = .skipped(reason)
            }
        }
        // One lock order for every transaction: overlapping batches wait for each other, never deadlock.
        // Each row's key is built once, not twice per comparison.
        let ordered = rows.map { (key: $0.conflictKey, row: $0) }
            .sorted { $0.key < $1.key }.map(\.row)
        let outcomes = settled, milliseconds = Clock.nowMilliseconds()
        return try await database.groupedTransaction { connection in
            let first = synced && !ordered.isEmpty ? try SyncCounter.reserve(ordered.count, userID: userID, on: connection) : 1
            let written = ordered.enumerated().map { offset, row in
                Written(row: row, userID: userID, write: RowWrite(seconds: now, milliseconds: milliseconds, version: first + Int64(offset)))
            }
            let inserted = try insert.run(written, on: connection)
            var final = outcomes
            for row in ordered where inserted.contains(row.id) { final[row.index] = .inserted }
            let result = BatchResult(outcomes: final)
            try IngestAudit.recordBatch(auditAction, result: result, userID: userID, request: request, now: now, on: connection)
            if result.inserted > 0 {
                let added = try PersonalRecordJobs.enqueue(userID: userID, now: now, on: connection)
                try IngestAudit.recordDetectionEnqueued(coalesced: !added, userID: userID, request: request, now: now, on: connection)
            }
            return result
        }
    }
}
