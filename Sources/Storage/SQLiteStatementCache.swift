import CSQLite

/// A prepared SQLite statement plus what binding needs to know about its placeholders.
struct SQLiteStatement {
    let handle: OpaquePointer
    /// `parameterForSlot[k]` is the zero-based number of the caller's parameter bound to
    /// SQLite's slot k + 1: each `$n` became an anonymous `?`, so a reused `$n` fills several slots.
    let parameterForSlot: [Int]
    /// How many parameters the caller passes: the highest `n` of any `$n`.
    let parameterCount: Int
    /// Whether slot k + 1 holds `$(k + 1)` for every k: each parameter used once, in order.
    let slotsInParameterOrder: Bool
}

/// Prepared statements of one SQLite connection, keyed by SQL text, least recently used
/// evicted first.
///
/// Services run the same few dozen statements over and over; preparing each once per
/// connection saves parsing and planning on every call. The bound keeps memory finite when
/// callers build SQL dynamically (e.g. `IN` lists of varying length).
final class SQLiteStatementCache {
    private struct Entry {
        let statement: SQLiteStatement
        var lastUse: UInt64
    }

    let capacity: Int
    private var entries: [String: Entry] = [:]
    /// A counter, not a clock: it only orders uses.
    private var useCounter: UInt64 = 0

    init(capacity: Int) {
        precondition(capacity > 0, "statement cache capacity must be positive")
        self.capacity = capacity
    }

    var count: Int { entries.count }

    func contains(_ sql: String) -> Bool { entries[sql] != nil }

    /// The cached statement for `sql`, or a new one from `prepare`, cached for next time.
    func statement(for sql: String, prepare: (String) throws -> SQLiteStatement) throws -> SQLiteStatement {
        useCounter += 1
        if let entry = entries[sql] {
            entries[sql]?.lastUse = useCounter
            return entry.statement
        }
        let statement = try prepare(sql)
        if entries.count >= capacity { evictLeastRecentlyUsed() }
        entries[sql] = Entry(statement: statement, lastUse: useCounter)
        return statement
    }

    /// Finalizes every cached statement; required before the connection can close.
    func removeAll() {
        for entry in entries.values { sqlite3_finalize(entry.statement.handle) }
        entries.removeAll()
    }

    /// A linear scan: eviction happens only on a miss with a full cache, and the cache is small.
    private func evictLeastRecentlyUsed() {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        sqlite3_finalize(oldest.value.statement.handle)
        entries[oldest.key] = nil
    }
}
