import Storage

/// The per-user change counter of contract §13 (`docs/healthlog/sync.md`, plan §1). Every write
/// of a synced row — batch, bulk backfill, PATCH, soft delete, drain — takes the next value(s)
/// inside its own transaction and stores it as the row's `sync_version`. The counter row is the
/// per-user serialisation point: on PostgreSQL a second writer of the same user waits on it
/// until the first commits, so a later commit always carries larger versions, and a reader of
/// `?since=syncVersion=N` can never miss a row committed after it read N.
enum SyncCounter {
    /// Reserves `count` consecutive values, all above `floor`, and returns the first; the caller
    /// numbers its rows `first`, `first + 1`, …  Values are unique per user across every synced
    /// table. `floor` is the version a PATCH replaces: a row written before the counter knew of
    /// it (stored with the column default) still moves to a larger version.
    static func reserve(_ count: Int, userID: String, above floor: Int64 = 0,
                        on connection: any DatabaseConnection) throws -> Int64 {
        precondition(count > 0, "reserve at least one value")
        let count = Int64(count)
        guard let row = try connection.queryFirst("""
            INSERT INTO sync_counters (user_id, value) VALUES ($1, $2)
            ON CONFLICT (user_id) DO UPDATE SET value = CASE
                WHEN sync_counters.value + $3 > excluded.value THEN sync_counters.value + $3 ELSE excluded.value END
            RETURNING value
            """, userID, max(floor, 0) + count, count) else {
            throw DatabaseError(.statementFailed, "the sync counter upsert returned no row")
        }
        return try row.decode(Int64.self, "value") - count + 1
    }

    /// The next single value, above `floor`.
    static func next(userID: String, above floor: Int64 = 0, on connection: any DatabaseConnection) throws -> Int64 {
        try reserve(1, userID: userID, above: floor, on: connection)
    }
}
