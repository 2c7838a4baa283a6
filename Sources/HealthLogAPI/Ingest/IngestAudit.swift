import HTTPServer
import Storage

extension AuditAction {
    static let measurementBatchIngest = "measurement.batch.ingest"
    static let workoutBatchIngest = "workout.batch.ingest"
    static let personalRecordsDetectionEnqueued = "personal_records.detection_enqueued"
    static let moodBulkIngest = "mood.bulk.ingest"
    static let intakeBulkIngest = "medication.intake.bulk.ingest"
}

/// The audit rows a batch writes inside its own transaction (contract §9.3). Writing them has no
/// other effect: the batch enqueues the detection job itself (`BatchIngest`) and records it here.
enum IngestAudit {
    /// The batch and its counts.
    static func recordBatch(_ action: String, result: BatchResult, userID: String, request: Request, now: Int64,
                            on connection: any DatabaseConnection) throws {
        try AuditEntry(action, userID: userID, request: request, details: [
            "processed": .integer(Int64(result.processed)), "inserted": .integer(Int64(result.inserted)),
            "duplicates": .integer(Int64(result.duplicates)), "skipped": .integer(Int64(result.skipped.count)),
        ], at: now).insert(on: connection)
    }

    /// The personal-record detection the batch enqueued; `coalesced` when a waiting job absorbed it.
    static func recordDetectionEnqueued(coalesced: Bool, userID: String, request: Request, now: Int64,
                                        on connection: any DatabaseConnection) throws {
        try AuditEntry(AuditAction.personalRecordsDetectionEnqueued, userID: userID, request: request,
                       details: ["coalesced": .bool(coalesced)], at: now).insert(on: connection)
    }
}
