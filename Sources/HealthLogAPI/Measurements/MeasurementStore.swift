import Storage

/// Every statement on `measurements` (schema: `HealthLogMigrations.measurements`) but the ones
/// contract §13's synced machinery and the backup run over every synced table alike
/// (`SyncedEntity`, `BackupTable`). Each runs on the caller's connection, so it joins whatever the
/// caller opened (`read`, `write` or `transaction`). `StoreOwnershipTests` fails when SQL naming
/// `measurements` appears anywhere else but the migrations.
enum MeasurementStore {
    // MARK: Writes

    /// The insert every measurement source uses (the batch endpoint, the Withings fetch),
    /// deduplicated on (user, type, source, externalId). Columns read their values through
    /// closures rather than key paths: this runs for every column of every batch row.
    static let insert = MultiRowInsert<Written<MeasurementRow>>(
        table: "measurements",
        columns: [
            InsertColumn("id") { $0.row.id },
            InsertColumn("user_id") { $0.userID },
            InsertColumn("type") { $0.row.type },
            InsertColumn("source") { $0.row.source },
            InsertColumn("external_id") { $0.row.externalId },
            InsertColumn("hk_identifier") { $0.row.hkIdentifier },
            InsertColumn("value") { $0.row.value },
            InsertColumn("unit") { $0.row.unit },
            InsertColumn("measured_at") { $0.row.measuredAt },
            InsertColumn("end_at") { $0.row.endAt },
            InsertColumn("sleep_stage") { $0.row.sleepStage },
            InsertColumn("device_type") { $0.row.deviceType },
            InsertColumn("external_source_version") { $0.row.externalSourceVersion },
            InsertColumn("sync_version") { $0.write.version },
            InsertColumn("created_at") { $0.write.seconds },
            InsertColumn("updated_at") { $0.write.milliseconds },
        ],
        conflictColumns: ["user_id", "type", "source", "external_id"])

    /// An Apple Health `stats:` day total: inserted, or an existing live row raised to the
    /// larger `value`; otherwise left as it is. Returns the rows changed (0 when kept).
    static func upsertDayTotal(id: String, userID: String, type: String, externalID: String, hkIdentifier: String,
                               value: Double, unit: String, start: Int64, end: Int64, deviceType: String?,
                               version: Int64, now: Int64, nowMs: Int64, on connection: any DatabaseConnection) throws -> Int {
        try connection.execute("""
            INSERT INTO measurements (id, user_id, type, source, external_id, hk_identifier, value, unit, measured_at, end_at,
                                      device_type, sync_version, created_at, updated_at)
            VALUES ($1, $2, $3, 'APPLE_HEALTH', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
            ON CONFLICT (user_id, type, source, external_id) DO UPDATE
                SET value = excluded.value, sync_version = excluded.sync_version, updated_at = excluded.updated_at
                WHERE measurements.deleted_at IS NULL AND measurements.value < excluded.value
            """, id, userID, type, externalID, hkIdentifier, value, unit, start, end, deviceType, version, now, nowMs)
    }

    /// Whether the user has an Apple Health row of `type` with `externalID`, live or soft-deleted.
    static func hasAppleHealthRow(userID: String, type: String, externalID: String,
                                  on connection: any DatabaseConnection) throws -> Bool {
        try connection.queryFirst("""
            SELECT 1 AS found FROM measurements WHERE user_id = $1 AND type = $2 AND source = 'APPLE_HEALTH' AND external_id = $3
            """, userID, type, externalID) != nil
    }

    /// Soft-deletes row `id` with its own sync version.
    static func softDelete(id: String, version: Int64, now: Int64, nowMs: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE measurements SET deleted_at = $1, sync_version = $2, updated_at = $3 WHERE id = $4",
                               now, version, nowMs, id)
    }

    // MARK: Reads

    /// A per-sample row the drain folds into its day's total.
    struct PendingSample: Sendable {
        let id: String
        let type: String
        let hkIdentifier: String
        let value: Double
        let unit: String
        let deviceType: String?
        let measuredAt: Int64
    }

    /// The user's live per-sample Apple Health rows of the cumulative identifiers
    /// (`PerSampleDrain.pendingCondition`), oldest first.
    static func pendingSamples(userID: String, on connection: any DatabaseConnection) throws -> [PendingSample] {
        try connection.query("""
            SELECT id, type, hk_identifier, value, unit, device_type, measured_at FROM measurements
            WHERE user_id = $1 AND \(PerSampleDrain.pendingCondition) AND hk_identifier IN \(PerSampleDrain.identifierList(from: 2))
            ORDER BY measured_at, id
            """, [.text(userID)] + PerSampleDrain.hkIdentifiers.map(SQLValue.text)).map { row in
            PendingSample(id: try row.decode("id"), type: try row.decode("type"), hkIdentifier: try row.decode("hk_identifier"),
                          value: try row.decode("value"), unit: try row.decode("unit"), deviceType: try row.decode("device_type"),
                          measuredAt: try row.decode("measured_at"))
        }
    }

    /// The live rows of `type` that `DailyTotals` counts, measured at or after `since` and
    /// before `before` when given.
    static func dailyTotalRows(userID: String, type: String, since: Int64? = nil, before: Int64? = nil,
                               on connection: any DatabaseConnection) throws -> [DailyTotals.Row] {
        var sql = "SELECT \(DailyTotals.columns) FROM measurements WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL"
        var parameters: [SQLValue] = [.text(userID), .text(type)]
        if let since {
            parameters.append(.integer(since))
            sql += " AND measured_at >= $\(parameters.count)"
        }
        if let before {
            parameters.append(.integer(before))
            sql += " AND measured_at < $\(parameters.count)"
        }
        return try connection.query(sql, parameters).map(DailyTotals.Row.init(row:))
    }

    /// A reading of a point metric with where it came from.
    struct Reading: Sendable {
        let source: String
        let deviceType: String?
        let value: Double
        let measuredAt: Int64
    }

    /// The live readings of `type` measured in `start..<end` (`end` nil: no upper bound), by time.
    static func readings(userID: String, type: String, from start: Int64, before end: Int64?,
                         on connection: any DatabaseConnection) throws -> [Reading] {
        let upper = end == nil ? "" : " AND measured_at < $4"
        let parameters: [SQLValue] = [.text(userID), .text(type), .integer(start)] + (end.map { [.integer($0)] } ?? [])
        return try connection.query("""
            SELECT source, device_type, value, measured_at FROM measurements
            WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL AND measured_at >= $3\(upper)
            ORDER BY measured_at, id
            """, parameters).map { row in
            Reading(source: try row.decode("source"), deviceType: try row.decode("device_type"), value: try row.decode("value"),
                    measuredAt: try row.decode("measured_at"))
        }
    }

    /// The user's live reading of `type` with the lowest (or highest) value, the earliest on ties.
    static func extreme(lowest: Bool, type: String, userID: String,
                        on connection: any DatabaseConnection) throws -> (value: Double, unit: String, at: Int64)? {
        guard let row = try connection.queryFirst("""
            SELECT value, unit, measured_at FROM measurements WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL
            ORDER BY value \(lowest ? "ASC" : "DESC"), measured_at LIMIT 1
            """, userID, type) else { return nil }
        return (try row.decode("value"), try row.decode("unit"), try row.decode("measured_at"))
    }

    /// The user's live rows matching `condition` (an SQL fragment starting with ` AND`, over
    /// `parameters` from `$2` on) as the API lists them, by time.
    static func records(userID: String, where condition: String, _ parameters: [SQLValue],
                        on connection: any DatabaseConnection) throws -> [Row] {
        try connection.query("""
            SELECT \(MeasurementRecord.columns) FROM measurements
            WHERE user_id = $1 AND deleted_at IS NULL\(condition)
            ORDER BY measured_at, id
            """, [.text(userID)] + parameters)
    }
}
