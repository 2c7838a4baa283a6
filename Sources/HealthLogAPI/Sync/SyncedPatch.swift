import APIToolkit
import Foundation
import HTTPServer
import Storage

/// `PATCH <entity>/{id}` with `If-Match: <syncVersion>` (contract §13.3, §13.4), for every synced
/// entity: a matching version writes and answers 200 with the new row; a stale one is 409
/// `sync.conflict` with the stored row in `data`; no `If-Match` is 428; a row of another user is
/// 404; any change to a soft-deleted row is 410, checked before the version. A soft delete is
/// `{"deletedAt": …}`, under the same version rule; other fields sent with it are written in
/// the same change (the row's last state and its deletion are one write).
enum SyncedPatch {
    static let ifMatch = OpenAPIParameter.header(
        "If-Match", .string(minLength: 1, maxLength: 20, pattern: #"^"?[0-9]{1,18}"?$"#), required: true,
        description: "The syncVersion the change is based on, bare (7) or as an entity tag (\"7\"). "
            + "Missing: 428 sync.if_match_required; not a whole number: 400 sync.if_match_invalid.")

    static func endpoint(_ entity: SyncedEntity) -> Endpoint {
        Endpoint(
            .patch, entity.path + "/{id}", operationId: "patch" + entity.name, summary: "Change or soft-delete one \(entity.name)",
            tags: [entity.tag], access: .user, documentedBody: bodySchema(entity),
            success: OpenAPIResponse(200, "The row as written, with its new syncVersion", schema: entity.schema),
            failures: [OpenAPIResponse(400, "sync.if_match_invalid: If-Match is not a syncVersion"),
                       OpenAPIResponse(404, "\(entity.codePrefix).not_found: no such row of the caller's"),
                       OpenAPIResponse(409, "sync.conflict: If-Match is not the stored syncVersion (the row changed since); error and meta.errorCode are sync.conflict, data is the stored row"),
                       OpenAPIResponse(410, "\(entity.codePrefix).gone: the row was soft-deleted; it can no longer change (checked before If-Match)"),
                       OpenAPIResponse(428, "sync.if_match_required: every change names the syncVersion it is based on")]
        ) { context in
            { call in
                let userID = try call.user().userID, id = (call.request.parameter("id") ?? "").lowercased()
                let expected = try expectedVersion(call.request.headers["If-Match"])
                let change = try Change(body: call.request.body, entity: entity)
                let row = try await context.database.transaction { connection in
                    try write(change, entity: entity, id: id, userID: userID, expected: expected, on: connection)
                }
                return try context.responses.ok(row)
            }
        }.withPathParameters([.path("id", .string(format: .uuid))]).withHeaderParameters([ifMatch])
    }

    /// `DELETE <entity>/{id}`: refused. Every account using the sync routes is a paired store
    /// (`docs/healthlog/sync.md`), so rows are only ever soft-deleted, by PATCH.
    static func hardDelete(_ entity: SyncedEntity) -> Endpoint {
        Endpoint(
            .delete, entity.path + "/{id}", operationId: "delete" + entity.name, summary: "Refused: \(entity.name) rows are soft-deleted by PATCH",
            tags: [entity.tag], access: .user,
            success: OpenAPIResponse(204, "Never sent: see 409"),
            failures: [OpenAPIResponse(404, "\(entity.codePrefix).not_found: no such row of the caller's"),
                       OpenAPIResponse(409, "sync.hard_delete_blocked: send PATCH {\"deletedAt\": …} with If-Match instead")]
        ) { context in
            { call in
                let userID = try call.user().userID, id = (call.request.parameter("id") ?? "").lowercased()
                let exists = try await context.database.read { try entity.stored(id: id, userID: userID, on: $0) != nil }
                guard exists else { throw entity.notFound }
                throw APIError.conflict("Rows are never hard-deleted while synced; PATCH {\"deletedAt\": …} with If-Match",
                                        code: "sync.hard_delete_blocked")
            }
        }.withPathParameters([.path("id", .string(format: .uuid))])
    }

    /// A validated PATCH body: the column values to set, or a soft delete.
    struct Change: Sendable {
        let changes: JSONObject
        let assignments: [(column: String, value: SQLValue)]
        let deletedAt: Int64?

        init(body: [UInt8], entity: SyncedEntity) throws {
            let value: JSONValue
            do { value = try JSONParser.parse(body) } catch { throw APIError.malformedJSON(error) }
            let issues = SchemaValidator.validate(value, against: bodySchema(entity))
            guard issues.isEmpty else { throw APIError.unprocessable(issues: issues) }
            var changes = value.objectValue ?? JSONObject()
            if let deleted = changes.removeValue(forKey: "deletedAt") {
                guard let date = deleted.stringValue.flatMap(APIDate.parseWithOffset), APIDate.isRepresentable(date) else {
                    throw APIError.invalidValue(at: "deletedAt", "must be a date-time between years 1 and 9999")
                }
                deletedAt = Int64(date.timeIntervalSince1970.rounded(.down))
            } else {
                deletedAt = nil
            }
            self.changes = changes
            assignments = entity.fields.compactMap { field in
                changes[field.name].map { (field.column, field.sqlValue($0)) }
            }
        }
    }

    /// The version check is part of the `UPDATE` (`… AND sync_version = $expected`), so of two
    /// concurrent PATCHes naming one version exactly one writes, on PostgreSQL's READ COMMITTED
    /// as on SQLite. Only a write that changed nothing reads again, to tell 404, 410 and 409 apart.
    static func write(_ change: Change, entity: SyncedEntity, id: String, userID: String, expected: Int64,
                      on connection: any DatabaseConnection) throws -> JSONValue {
        guard let before = try entity.stored(id: id, userID: userID, on: connection) else { throw entity.notFound }
        guard try before.decode(Int64?.self, "deleted_at") == nil else { throw entity.gone }
        try entity.validate(change.changes, before)
        let version = try SyncCounter.next(userID: userID, above: try before.decode(Int64.self, "sync_version"), on: connection)
        var assignments = change.assignments
        if let deletedAt = change.deletedAt { assignments.append(("deleted_at", .integer(deletedAt))) }
        assignments += [("sync_version", .integer(version)), ("updated_at", .integer(Clock.nowMilliseconds()))]
        let set = assignments.enumerated().map { "\($1.column) = $\($0 + 1)" }.joined(separator: ", ")
        let next = assignments.count + 1
        let written = try connection.query("""
            UPDATE \(entity.table) SET \(set)
            WHERE id = $\(next) AND user_id = $\(next + 1) AND deleted_at IS NULL AND sync_version = $\(next + 2)
            RETURNING \(entity.columns)
            """, assignments.map(\.value) + [.text(id), .text(userID), .integer(expected)])
        if let row = written.first {
            try entity.afterWrite(userID, connection)
            return try entity.encode(row)
        }
        guard let current = try entity.stored(id: id, userID: userID, on: connection) else { throw entity.notFound }
        guard try current.decode(Int64?.self, "deleted_at") == nil else { throw entity.gone }
        throw APIError.conflict("sync.conflict", code: "sync.conflict", data: try entity.encode(current))
    }

    /// Every field optional, at least one.
    static func bodySchema(_ entity: SyncedEntity) -> Schema {
        .object(ObjectSchema(name: entity.name + "Change",
                             description: "The fields to change (null clears a nullable one); deletedAt soft-deletes the row.",
                             properties: entity.fields.map { Property($0.name, $0.schema, required: false) }
                                 + [Property("deletedAt", .dateTimeWithOffset, required: false,
                                             description: "Soft delete (contract §13.4); the row then never changes again.")],
                             minProperties: 1))
    }

    /// `If-Match: 3` or `If-Match: "3"` (an entity tag); required (428 without it). No row has
    /// version 0, so `If-Match: 0` is a well-formed stale version (409).
    static func expectedVersion(_ header: String?) throws -> Int64 {
        guard let header else {
            throw APIError(status: 428, code: "sync.if_match_required",
                           message: "If-Match is required: send the syncVersion your change is based on")
        }
        let trimmed = header.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard trimmed.allSatisfy(\.isASCII), let version = Int64(trimmed), version >= 0 else {
            throw APIError.badRequest("If-Match must be a syncVersion (a whole number)", code: "sync.if_match_invalid")
        }
        return version
    }
}
