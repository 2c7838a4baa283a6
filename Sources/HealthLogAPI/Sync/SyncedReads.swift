import APIToolkit
import Storage

/// The reads of contract §13: `?since=syncVersion=N` returns an entity's rows whose
/// `syncVersion` is above N, soft-deleted ones included (that is how a paired phone learns of a
/// delete), in version order, a page at a time; without `since`, `GET <entity>` lists live rows,
/// newest first. `SyncedReads.endpoint` serves mood entries and intakes; the measurements list
/// (`MeasurementReadEndpoints.list`) takes the same `since` parameters.
enum SyncedReads {
    static let defaultLimit = 200, maximumLimit = 500

    static let parameters: [OpenAPIParameter] = [
        .query("since", .string(minLength: 13, maxLength: 32),
               description: "The literal form syncVersion=N (N ≥ 0): rows changed after checkpoint N, deleted ones included, by syncVersion. Otherwise 422."),
        .query("cursor", .string(minLength: 1, maxLength: 200), description: "nextCursor of the previous page."),
        .query("limit", .integer(min: 1, max: Int64(maximumLimit)), description: "Rows per page, default \(defaultLimit)."),
    ]

    struct Page: Encodable, Sendable {
        let items: [JSONValue]
        let nextCursor: String?
    }

    static func pageSchema(_ name: String, items: Schema) -> Schema {
        .object(name) {
            Property("items", .array(of: items))
            Property("nextCursor", .string().orNull, description: "Pass as cursor for the next page; null on the last page.")
        }
    }

    /// The N of `since=syncVersion=N`, or nil without `since`; 422 for any other form.
    static func checkpoint(_ query: JSONObject) throws -> Int64? {
        guard let text = query["since"]?.stringValue else { return nil }
        let prefix = "syncVersion="
        guard text.hasPrefix(prefix), let value = Int64(text.dropFirst(prefix.count)), value >= 0,
              text.dropFirst(prefix.count).allSatisfy(\.isASCII) else {
            throw invalid("since", "must be syncVersion=N with N a whole number ≥ 0")
        }
        return value
    }

    static func limit(_ query: JSONObject) -> Int {
        query["limit"]?.integerValue.map(Int.init) ?? defaultLimit
    }

    /// One page of the user's rows of `entity` changed after `checkpoint` (and after the
    /// cursor's version), optionally narrowed by `condition` (SQL over `$3…`, with `parameters`).
    static func changes(_ entity: SyncedEntity, userID: String, after checkpoint: Int64, query: JSONObject,
                        on connection: any DatabaseConnection) throws -> Page {
        let (rows, next) = try changedRows(entity, userID: userID, after: checkpoint, query: query, on: connection)
        return Page(items: try rows.map(entity.encode), nextCursor: next)
    }

    /// The rows of `changes`, and the next page's cursor.
    static func changedRows(_ entity: SyncedEntity, userID: String, after checkpoint: Int64, query: JSONObject,
                            condition: String = "", parameters: [SQLValue] = [],
                            on connection: any DatabaseConnection) throws -> (rows: [Row], nextCursor: String?) {
        var after = checkpoint
        if let cursor = query["cursor"]?.stringValue {
            guard cursor.hasPrefix("v"), let version = Int64(cursor.dropFirst()), version >= 0 else {
                throw invalid("cursor", "is not a cursor of a since read")
            }
            after = max(after, version)
        }
        let limit = limit(query)
        let rows = try connection.query("""
            SELECT \(entity.columns) FROM \(entity.table)
            WHERE user_id = $1 AND sync_version > $2\(condition)
            ORDER BY sync_version LIMIT \(limit + 1)
            """, [.text(userID), .integer(after)] + parameters)
        let page = Array(rows.prefix(limit))
        let next = try rows.count > limit ? page.last.map { "v" + String(try $0.decode(Int64.self, "sync_version")) } : nil
        return (page, next)
    }

    /// One page of live rows, newest `timeColumn` first; the cursor is the last row's time and id.
    static func live(_ entity: SyncedEntity, timeColumn: String, userID: String, query: JSONObject,
                     on connection: any DatabaseConnection) throws -> Page {
        var condition = "", parameters: [SQLValue] = [.text(userID)]
        if let cursor = query["cursor"]?.stringValue {
            let parts = cursor.split(separator: "_", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("t"), let time = Int64(parts[0].dropFirst()) else {
                throw invalid("cursor", "is not a cursor of this list")
            }
            condition = " AND (\(timeColumn) < $2 OR (\(timeColumn) = $2 AND id < $3))"
            parameters += [.integer(time), .text(String(parts[1]))]
        }
        let limit = limit(query)
        let rows = try connection.query("""
            SELECT \(entity.columns), \(timeColumn) AS page_time FROM \(entity.table)
            WHERE user_id = $1 AND deleted_at IS NULL\(condition)
            ORDER BY \(timeColumn) DESC, id DESC LIMIT \(limit + 1)
            """, parameters)
        let page = Array(rows.prefix(limit))
        let next = try rows.count > limit ? page.last.map { row in
            "t\(try row.decode(Int64.self, "page_time"))_\(try row.decode(String.self, "id"))"
        } : nil
        return Page(items: try page.map(entity.encode), nextCursor: next)
    }

    /// `GET <entity>`: live rows, or with `since` the changes after a checkpoint.
    static func endpoint(_ entity: SyncedEntity, timeColumn: String, summary: String) -> Endpoint {
        Endpoint(
            .get, entity.path, operationId: "list" + entity.name, summary: summary, tags: [entity.tag], access: .user,
            queryParameters: parameters,
            success: OpenAPIResponse(200, "Without since: live rows, newest first. With since: changed rows by syncVersion, soft-deleted ones included.",
                                     schema: pageSchema(entity.name + "Page", items: entity.schema))
        ) { context in
            { call in
                let userID = try call.user().userID, query = call.query
                let page = try await context.database.read { connection in
                    if let checkpoint = try checkpoint(query) {
                        return try changes(entity, userID: userID, after: checkpoint, query: query, on: connection)
                    }
                    return try live(entity, timeColumn: timeColumn, userID: userID, query: query, on: connection)
                }
                return try context.responses.ok(page)
            }
        }
    }

    static func invalid(_ path: String, _ message: String) -> APIError {
        .unprocessable(issues: [ValidationIssue(path: path, code: .invalidValue, message: message)])
    }
}
