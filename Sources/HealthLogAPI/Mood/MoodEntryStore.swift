import Storage

/// The statements on `mood_entries` (schema: `HealthLogMigrations.syncedEntities`) besides the ones
/// contract §13's synced machinery runs over every synced table (`SyncedEntity`, `BulkBackfill`)
/// and the backup's (`BackupTable`). Each runs on the caller's connection. `StoreOwnershipTests`
/// fails when SQL naming the table appears anywhere else but the migrations.
enum MoodEntryStore {
    /// The user's live moods recorded in `start..<end` (`end` nil: no upper bound).
    static func moods(userID: String, from start: Int64, before end: Int64?,
                      on connection: any DatabaseConnection) throws -> [(recordedAt: Int64, mood: Int64)] {
        let upper = end == nil ? "" : " AND recorded_at < $3"
        let parameters: [SQLValue] = [.text(userID), .integer(start)] + (end.map { [.integer($0)] } ?? [])
        return try connection.query("""
            SELECT recorded_at, mood FROM mood_entries WHERE user_id = $1 AND deleted_at IS NULL AND recorded_at >= $2\(upper)
            """, parameters).map { (try $0.decode("recorded_at"), try $0.decode("mood")) }
    }
}
