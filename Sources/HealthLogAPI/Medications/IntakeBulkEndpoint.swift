import APIToolkit
import Foundation
import HTTPServer
import Storage

/// `POST /api/medications/intake/bulk` (contract §13.1): the first-pair backfill of intake logs,
/// at most 500, with the batch endpoints' envelope, Idempotency-Key and rate limit. An intake
/// naming a medication the user does not have is skipped (`unknown_medication`).
enum IntakeBulkEndpoint {
    static let maxEntries = 500

    struct Body: RequestBody {
        struct Entry: Decodable, Sendable {
            let medicationId: String
            let takenAt: Date
            let doseMg: Double?
            let skipped: Bool?
            let site: String?
            let note: String?
            let externalId: String?
            let clientId: String?
        }

        let entries: [Entry]

        static let entrySchema: Schema = .object("MedicationIntakeBulkEntry") {
            Property("medicationId", .string(format: .uuid))
            Property("takenAt", .dateTimeWithOffset, description: "When the dose was taken (or was due, when skipped).")
            Property("doseMg", IntakeFields.doseMg.orNull, required: false)
            Property("skipped", .boolean, required: false, description: "The dose was skipped; default false.")
            Property("site", IntakeFields.site.orNull, required: false, description: "Injection site; null for oral doses.")
            Property("note", IntakeFields.note.orNull, required: false)
            SyncIdentifiers.properties()
        }

        static let schema: Schema = .object("MedicationIntakeBulk") {
            Property("entries", .array(of: entrySchema, minItems: 1, maxItems: maxEntries),
                     description: "At most 500; more is 422 medication_intake.batch.too_large.")
        }
    }

    static let backfill = BulkBackfill<Body.Entry>(
        entity: .medicationIntake, columns: [
            InsertColumn("medication_id") { .text(medicationID(of: $0)) },
            InsertColumn("taken_at") { .integer(Int64($0.takenAt.timeIntervalSince1970.rounded(.down))) },
            InsertColumn("dose_mg", \.doseMg),
            InsertColumn("skipped") { .integer($0.skipped == true ? 1 : 0) },
            InsertColumn("site", \.site),
            InsertColumn("note", \.note),
        ],
        auditAction: AuditAction.intakeBulkIngest,
        reject: { rows, userID, connection in
            let wanted = Set(rows.map { medicationID(of: $0.entry) })
            guard !wanted.isEmpty else { return [:] }
            let owned = try MedicationStore.ownedIDs(userID: userID, among: wanted, on: connection)
            var rejected: [Int: SkipReason] = [:]
            for row in rows where !owned.contains(medicationID(of: row.entry)) { rejected[row.index] = .unknownMedication }
            return rejected
        })

    /// The stored form of an entry's medication id (ids are stored in lower case).
    private static func medicationID(of entry: Body.Entry) -> String {
        entry.medicationId.lowercased()
    }

    static let endpoint = BatchEndpointSupport.endpoint(
        route: SyncedEntity.medicationIntake.path + "/bulk", operationId: "bulkMedicationIntakes",
        summary: "Backfill medication intake logs (first pairing)",
        tag: SyncedEntity.medicationIntake.tag, body: Body.self, schema: Body.schema, listKey: "entries", maxEntries: maxEntries,
        tooLargeCode: "medication_intake.batch.too_large",
        resultSchema: BatchResult.schema(named: "MedicationIntakeBulkResult", itemPrefix: "MedicationIntakeBulk",
                                         reasons: [.missingIdentifier, .unknownMedication], withIDs: true)
    ) { body, userID, request, database in
        let ids = BatchRowIDs.make(count: body.entries.count, for: database.dialect)
        let mapped = body.entries.enumerated().map { index, entry -> Result<BulkRow<Body.Entry>, SkipReason> in
            guard entry.externalId != nil || entry.clientId != nil else { return .failure(.missingIdentifier) }
            return .success(BulkRow(index: index, id: ids[index], externalId: entry.externalId, clientId: entry.clientId, entry: entry))
        }
        return try await backfill.store(mapped, userID: userID, request: request, database: database)
    }
}
