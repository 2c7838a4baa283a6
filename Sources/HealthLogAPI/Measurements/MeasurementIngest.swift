import HTTPServer
import Storage

/// Stores one measurements batch (`BatchIngest`), deduplicated on (user, type, APPLE_HEALTH,
/// externalId), audited as `measurement.batch.ingest`.
enum MeasurementIngest {
    static let batch = BatchIngest<MeasurementRow>(insert: MeasurementStore.insert, auditAction: AuditAction.measurementBatchIngest, synced: true)

    static func ingest(_ entries: [MeasurementBatchBody.Entry], userID: String, request: Request,
                       database: Database) async throws -> BatchResult {
        let now = Clock.now(), ids = BatchRowIDs.make(count: entries.count, for: database.dialect)
        let mapped = entries.enumerated().map { index, entry in MeasurementRow.map(entry, index: index, id: ids[index], now: now) }
        return try await batch.store(mapped, userID: userID, request: request, now: now, database: database)
    }
}
