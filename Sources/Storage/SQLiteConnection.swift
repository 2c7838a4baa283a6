import CSQLite

/// One SQLite connection, owned and used by a single pool worker thread.
///
/// Opened with `SQLITE_OPEN_NOMUTEX`: the pool guarantees one thread at a time, so SQLite's
/// own per-call locking would be pure overhead.
final class SQLiteConnection: PooledConnection {
    enum Mode {
        /// The single writer: creates the file, switches it to WAL and runs all writes.
        case readWrite
        /// A reader: SQLite itself rejects writes, so a misplaced write in `Database.read`
        /// fails loudly instead of bypassing the writer's serialisation.
        case readOnly
    }

    /// How long a statement waits for a lock held by another connection or process before
    /// failing with `DatabaseError.Kind.busy`.
    static let busyTimeoutMilliseconds: Int32 = 5000
    static let statementCacheCapacity = 64
    /// WAL pages (4 KiB each, so about 40 MB) after which a commit checkpoints.
    static let walAutoCheckpointPages = 10_000
    /// Page cache per connection, in KiB (`PRAGMA cache_size` takes it negated). SQLite's
    /// default is 2,000 KiB: 500 pages, fewer than the primary-key index of a few hundred
    /// thousand measurements, whose random ids send each insert to any of its leaves.
    static let pageCacheKiB = 64 * 1024

    let dialect = SQLDialect.sqlite
    let handle: OpaquePointer
    let statements: SQLiteStatementCache
    /// Where directly bound text waits for its statement to run (`execute(_:binding:)`).
    let textArena = SQLiteTextArena()

    /// Opens `path` (or `":memory:"`) and applies the per-connection settings.
    init(path: String, mode: Mode, statementCacheCapacity: Int = SQLiteConnection.statementCacheCapacity) throws {
        var flags = SQLITE_OPEN_NOMUTEX
        flags |= mode == .readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw DatabaseError(.connectionFailed, "cannot open SQLite database at \(path): \(reason)", sqliteCode: status)
        }
        handle = opened
        statements = SQLiteStatementCache(capacity: statementCacheCapacity)
        do {
            try configure(mode: mode, isInMemory: path == ":memory:")
        } catch {
            close()
            throw error
        }
    }

    /// WAL lets readers proceed while the writer writes; `synchronous=NORMAL` is the
    /// recommended pairing (durable across application crashes, may lose the last commits on
    /// power loss); foreign keys are off by default in SQLite and on in PostgreSQL.
    ///
    /// Every connection, reader or writer, gets a `pageCacheKiB` page cache (see there).
    /// `temp_store=MEMORY` keeps statement journals in memory: without it every multi-row
    /// INSERT inside a transaction whose undo data passes 64 KiB (a 500-entry batch does)
    /// creates, writes and deletes a file under /var/tmp. The writer checkpoints the WAL every
    /// `walAutoCheckpointPages` instead of SQLite's 1,000: a checkpoint runs on the committing
    /// thread and ends in two `fdatasync`s, and with batches of a few hundred dirty pages the
    /// default meant one nearly every commit, stalling the single writer each time.
    private func configure(mode: Mode, isInMemory: Bool) throws {
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        try executeScript("PRAGMA foreign_keys = ON")
        try executeScript("PRAGMA temp_store = MEMORY")
        try executeScript("PRAGMA cache_size = -\(Self.pageCacheKiB)")
        guard mode == .readWrite else { return }
        try executeScript("PRAGMA wal_autocheckpoint = \(Self.walAutoCheckpointPages)")
        let journal = try query("PRAGMA journal_mode = WAL", []).first?[0]
        let expected: SQLValue = isInMemory ? "memory" : "wal"
        guard journal == expected else {
            throw DatabaseError(
                .connectionFailed, "SQLite refused journal_mode=WAL (got \(journal ?? .null)); is the file system local?")
        }
        try executeScript("PRAGMA synchronous = NORMAL")
    }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        try rowsChanged { try run(sql, parameters) { _ in } }
    }

    /// The rows that `statement` (one statement run to its end) changed. `sqlite3_changes64` keeps
    /// the count of the last INSERT/UPDATE/DELETE, even when this statement was DDL; the total
    /// only moves when this statement changed rows.
    func rowsChanged(by statement: () throws -> Void) rethrows -> Int {
        let changesBefore = sqlite3_total_changes64(handle)
        try statement()
        guard sqlite3_total_changes64(handle) != changesBefore else { return 0 }
        return Int(sqlite3_changes64(handle))
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row] {
        var rows: [Row] = []
        try run(sql, parameters) { rows.append($0) }
        return rows
    }

    func executeScript(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard status == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            throw SQLiteErrors.error(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    func prepareForJob() throws {}

    func cleanUpAfterJob() {
        guard sqlite3_get_autocommit(handle) == 0 else { return }
        _ = try? executeScript("ROLLBACK")
    }

    func beginTransaction() throws {
        try executeScript("BEGIN IMMEDIATE")
    }

    func close() {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// SQLite's error for the last failed call on this connection.
    func lastError(sql: String?) -> DatabaseError {
        SQLiteErrors.error(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
