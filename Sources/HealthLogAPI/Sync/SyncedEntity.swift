import APIToolkit
import Foundation
import Storage

/// One of contract §13's synced entities, declared once: its table, its route, how a row is
/// returned, and which fields a PATCH may change. `SyncedEndpoints` builds the PATCH, DELETE
/// and `?since` reads of every entity from this value; `SyncStateEndpoint` reads `perEntity`
/// from `SyncedEntity.all`.
struct SyncedEntity: Sendable {
    /// The `perEntity` key of `GET /api/sync/state` (`Measurement`, `MoodEntry`, …).
    let name: String
    let table: String
    /// The collection route; a row is `path/{id}`.
    let path: String
    let tag: String
    /// Prefix of the entity's error codes (`mood_entry.not_found`, `mood_entry.gone`).
    let codePrefix: String
    /// The select list `encode` reads.
    let columns: String
    let schema: Schema
    let encode: @Sendable (Row) throws -> JSONValue
    /// What a PATCH may change besides `deletedAt`.
    let fields: [PatchField]
    /// Checks a change against the stored row (a measurement's value must fit its type).
    var validate: @Sendable (_ changes: JSONObject, _ stored: Row) throws -> Void = { _, _ in }
    /// Runs in the write's transaction after every PATCH that changed the row.
    var afterWrite: @Sendable (_ userID: String, _ connection: any DatabaseConnection) throws -> Void = { _, _ in }

    static let all = [measurement, moodEntry, medicationIntake]

    var notFound: APIError { .notFound("No such \(codePrefix.replacingOccurrences(of: "_", with: " "))", code: "\(codePrefix).not_found") }
    var gone: APIError { APIError(status: 410, code: "\(codePrefix).gone", message: "The row was deleted (soft delete); it can no longer change") }

    /// The stored row of `id` if the user owns it.
    func stored(id: String, userID: String, on connection: any DatabaseConnection) throws -> Row? {
        try connection.queryFirst("SELECT \(columns) FROM \(table) WHERE id = $1 AND user_id = $2", id, userID)
    }
}

/// A field a PATCH may set: its JSON name and schema, its column, and how a valid JSON value
/// becomes the column's value (`null` clears a nullable field).
struct PatchField: Sendable {
    let name: String
    let column: String
    let schema: Schema
    let sqlValue: @Sendable (JSONValue) -> SQLValue

    static func text(_ name: String, _ column: String, _ schema: Schema) -> PatchField {
        PatchField(name: name, column: column, schema: schema) { $0.stringValue.map(SQLValue.text) ?? .null }
    }

    static func integer(_ name: String, _ column: String, _ schema: Schema) -> PatchField {
        PatchField(name: name, column: column, schema: schema) { $0.integerValue.map(SQLValue.integer) ?? .null }
    }

    static func number(_ name: String, _ column: String, _ schema: Schema) -> PatchField {
        PatchField(name: name, column: column, schema: schema) { $0.doubleValue.map(SQLValue.real) ?? .null }
    }

    static func boolean(_ name: String, _ column: String) -> PatchField {
        PatchField(name: name, column: column, schema: .boolean) { $0.boolValue.map { .integer($0 ? 1 : 0) } ?? .null }
    }

    /// A date-time with offset, stored as unix seconds.
    static func dateTime(_ name: String, _ column: String) -> PatchField {
        PatchField(name: name, column: column, schema: .dateTimeWithOffset) { value in
            value.stringValue.flatMap(APIDate.parseWithOffset).map { .integer(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? .null
        }
    }

    /// A list of strings, stored as JSON text.
    static func stringList(_ name: String, _ column: String, _ schema: Schema) -> PatchField {
        PatchField(name: name, column: column, schema: schema) { value in
            guard case .array = value, let bytes = try? JSONSerializer.serialize(value) else { return .null }
            return .text(String(decoding: bytes, as: UTF8.self))
        }
    }
}
