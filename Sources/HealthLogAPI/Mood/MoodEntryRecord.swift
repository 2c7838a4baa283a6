import APIToolkit
import Foundation
import Storage

/// A `mood_entries` row as the API returns it: mood and energy on 1–5, the user's tags (an empty
/// array when none), a note, the app's identifiers and the sync fields. Nullable keys are always
/// present.
struct MoodEntryRecord: Encodable, Sendable {
    let id: String
    let recordedAt: Date
    let mood: Int64
    let energy: Int64?
    let tags: [String]
    let note: String?
    let externalId: String?
    let clientId: String?
    let sync: SyncFields

    static let columns = "id, recorded_at, mood, energy, tags, note, external_id, client_id, \(SyncFields.columns)"

    init(row: Row) throws {
        id = try row.decode("id")
        recordedAt = try row.decode("recorded_at")
        mood = try row.decode("mood")
        energy = try row.decode("energy")
        let storedTags: String? = try row.decode("tags")
        tags = storedTags.flatMap { try? JSONParser.parse(Array($0.utf8)).arrayValue?.compactMap(\.stringValue) } ?? []
        note = try row.decode("note")
        externalId = try row.decode("external_id")
        clientId = try row.decode("client_id")
        sync = try SyncFields(row: row)
    }

    enum Keys: String, CodingKey { case id, recordedAt, mood, energy, tags, note, externalId, clientId }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(recordedAt, forKey: .recordedAt)
        try container.encode(mood, forKey: .mood)
        try container.encodeIfPresent(energy, forKey: .energy)
        try container.encode(tags, forKey: .tags)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(externalId, forKey: .externalId)
        try container.encodeIfPresent(clientId, forKey: .clientId)
        try sync.encode(to: encoder)
    }

    static let schema: Schema = .object("MoodEntry") {
        Property("id", .string(format: .uuid))
        Property("recordedAt", .dateTimeUTC)
        Property("mood", .integer(min: 1, max: 5))
        Property("energy", .integer(min: 1, max: 5).orNull)
        Property("tags", .array(of: .string()))
        Property("note", .string().orNull)
        Property("externalId", .string().orNull)
        Property("clientId", .string().orNull)
        SyncFields.properties()
    }
}
