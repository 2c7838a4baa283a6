import HTTPServer
import Storage

/// Stores one measurements batch in one transaction: the mapped rows (deduplicated on
/// (user, type, APPLE_HEALTH, externalId)), the `measurement.batch.ingest` audit row and, when
/// anything new arrived, the personal-record detection job. Either all of it is written or
/// none of it.
enum MeasurementIngest {
    private static let insert = MultiRowInsert(
        table: "measurements",
        columns: ["id", "user_id", "type", "source", "external_id", "hk_identifier", "value", "unit", "measured_at", "end_at",
                  "sleep_stage", "device_type", "external_source_version", "created_at", "updated_at"],
        conflictColumns: ["user_id", "type", "source", "external_id"])

    static func ingest(_ entries: [MeasurementBatchBody.Entry], userID: String, request: Request,
                       database: Database) async throws -> BatchResult {
        var outcomes = [EntryOutcome](repeating: .duplicate, count: entries.count)
        var mapped: [MeasurementRow] = []
        for (index, entry) in entries.enumerated() {
            switch MeasurementRow.map(entry, index: index) {
            case .success(let row): mapped.append(row)
            case .failure(let reason): outcomes[index] = .skipped(reason)
            }
        }
        // One lock order for every transaction: overlapping batches wait for each other, never deadlock.
        let rows = mapped.sorted { ($0.type, $0.externalId) < ($1.type, $1.externalId) }
        let now = Clock.now()
        let values = rows.map { row -> [SQLValue] in
            [.text(row.id), .text(userID), .text(row.type), .text(IngestSource.appleHealth), .text(row.externalId),
             .text(row.hkIdentifier), .real(row.value), .text(row.unit), .integer(row.measuredAt), .integer(row.endAt),
             row.sleepStage.sqlValue, row.deviceType.sqlValue, row.externalSourceVersion.sqlValue, .integer(now), .integer(now)]
        }
        let settled = outcomes
        return try await database.transaction { connection in
            let inserted = try insert.run(values, on: connection)
            var outcomes = settled
            for row in rows where inserted.contains(row.id) { outcomes[row.index] = .inserted }
            let result = BatchResult(outcomes: outcomes)
            try IngestAudit.record(AuditAction.measurementBatchIngest, result: result, userID: userID, request: request,
                                   now: now, on: connection)
            return result
        }
    }
}
