import APIToolkit
import Foundation
import HTTPServer
import Storage

/// `POST /api/mood-entries/bulk` (contract §13.1): the first-pair backfill of mood entries, at
/// most 500, with the batch endpoints' envelope, Idempotency-Key and rate limit.
enum MoodEntryBulkEndpoint {
    static let maxEntries = 500

    struct Body: RequestBody {
        struct Entry: Decodable, Sendable {
            let recordedAt: Date
            let mood: Int
            let energy: Int?
            let tags: [String]?
            let note: String?
            let externalId: String?
            let clientId: String?
        }

        let entries: [Entry]

        static let entrySchema: Schema = .object("MoodEntryBulkEntry") {
            Property("recordedAt", .dateTimeWithOffset)
            Property("mood", MoodEntryFields.mood, description: "1 (very low) to 5 (very good).")
            Property("energy", MoodEntryFields.energy.orNull, required: false)
            Property("tags", MoodEntryFields.tags.orNull, required: false)
            Property("note", MoodEntryFields.note.orNull, required: false)
            SyncIdentifiers.properties()
        }

        static let schema: Schema = .object("MoodEntryBulk") {
            Property("entries", .array(of: entrySchema, minItems: 1, maxItems: maxEntries),
                     description: "At most 500; more is 422 mood.batch.too_large.")
        }
    }

    static let backfill = BulkBackfill<Body.Entry>(entity: .moodEntry, columns: [
        InsertColumn("recorded_at") { .integer(Int64($0.recordedAt.timeIntervalSince1970.rounded(.down))) },
        InsertColumn("mood", \.mood),
        InsertColumn("energy", \.energy),
        InsertColumn("tags") { entry in
            // Stored as JSON text; a list that cannot be serialised is stored as NULL.
            let tags = try? entry.tags.map { String(decoding: try JSONSerializer.serialize(.array($0.map(JSONValue.string))), as: UTF8.self) }
            return (tags ?? nil).sqlValue
        },
        InsertColumn("note", \.note),
    ], auditAction: AuditAction.moodBulkIngest)

    static let endpoint = BatchEndpointSupport.endpoint(
        route: SyncedEntity.moodEntry.path + "/bulk", operationId: "bulkMoodEntries", summary: "Backfill mood entries (first pairing)",
        tag: SyncedEntity.moodEntry.tag, body: Body.self, schema: Body.schema, listKey: "entries", maxEntries: maxEntries,
        tooLargeCode: "mood.batch.too_large",
        resultSchema: BatchResult.schema(named: "MoodEntryBulkResult", itemPrefix: "MoodEntryBulk",
                                         reasons: [.missingIdentifier], withIDs: true)
    ) { body, userID, request, database in
        let ids = BatchRowIDs.make(count: body.entries.count, for: database.dialect)
        let mapped = body.entries.enumerated().map { index, entry -> Result<BulkRow<Body.Entry>, SkipReason> in
            guard entry.externalId != nil || entry.clientId != nil else { return .failure(.missingIdentifier) }
            return .success(BulkRow(index: index, id: ids[index], externalId: entry.externalId, clientId: entry.clientId, entry: entry))
        }
        return try await backfill.store(mapped, userID: userID, request: request, database: database)
    }
}
