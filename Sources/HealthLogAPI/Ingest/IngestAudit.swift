import HTTPServer
import Storage

extension AuditAction {
    static let measurementBatchIngest = "measurement.batch.ingest"
    static let workoutBatchIngest = "workout.batch.ingest"
    static let personalRecordsDetectionEnqueued = "personal_records.detection_enqueued"
}

/// The audit rows a batch writes inside its own transaction (contract §9.3): the batch with its
/// counts, and — when it stored anything new — the enqueued personal-record detection.
enum IngestAudit {
    static func record(_ action: String, result: BatchResult, userID: String, request: Request, now: Int64,
                       on connection: any DatabaseConnection) throws {
        try AuditEntry(action, userID: userID, request: request, details: [
            "processed": .integer(Int64(result.processed)), "inserted": .integer(Int64(result.inserted)),
            "duplicates": .integer(Int64(result.duplicates)), "skipped": .integer(Int64(result.skipped.count)),
        ], at: now).insert(on: connection)
        guard result.inserted > 0 else { return }
        let coalesced = try !PersonalRecordJobs.enqueue(userID: userID, now: now, on: connection)
        try AuditEntry(AuditAction.personalRecordsDetectionEnqueued, userID: userID, request: request,
                       details: ["coalesced": .bool(coalesced)], at: now).insert(on: connection)
    }
}
