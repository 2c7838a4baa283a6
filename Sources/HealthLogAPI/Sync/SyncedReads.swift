import APIToolkit
import Storage

/// The reads of contract §13: `?since=syncVersion=N` returns an entity's rows whose
/// `syncVersion` is above N, soft-deleted ones included (that is how a paired phone learns of a
/// delete), in version order, a page at a time; without `since`, `GET <entity>` lists live rows,
/// newest first. `SyncedReads.endpoint` serves mood entries and intakes; the measurements list
/// (`MeasurementReadEndpoints.list`) takes the same `since` parameters.
enum SyncedReads {
    static let defaultLimit = 200, maximumLimit = 500
    /// A position: a since read's last `syncVersion` (`57`), a live list's last row as
    /// `<time>_<id>`. Either form is a valid position in either read (a version alone pages a
    /// live list from that time; a live cursor's number is read as a version).
    static let cursorPattern = "^-?[0-9]{1,18}(_[0-9a-f-]{1,36})?$"

    static let parameters: [OpenAPIParameter] = [
        .query("since", .string(maxLength: 30, pattern: "^syncVersion=[0-9]{1,18}$"),
               description: "The literal form syncVersion=N: rows changed after checkpoint N, deleted ones included, by syncVersion."),
        .query("cursor", .string(maxLength: 60, pattern: cursorPattern), description: "nextCursor of the previous page."),
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

    /// The N of `since=syncVersion=N` (the form the declared pattern already checked), or nil.
    static func checkpoint(_ query: JSONObject) -> Int64? {
        query["since"]?.stringValue.flatMap { Int64($0.dropFirst("syncVersion=".count)) }
    }

    /// The cursor's number and, for a live list's cursor, its row id.
    private static func position(_ query: JSONObject) -> (number: Int64, id: String?)? {
        guard let cursor = query["cursor"]?.stringValue else { return nil }
        let parts = cursor.split(separator: "_", maxSplits: 1)
        guard let number = parts.first.flatMap({ Int64($0) }) else { return nil }
        return (number, parts.count == 2 ? String(parts[1]) : nil)
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
        let after = max(checkpoint, position(query)?.number ?? checkpoint)
        let limit = limit(query)
        let rows = try connection.query("""
            SELECT \(entity.columns) FROM \(entity.table)
            WHERE user_id = $1 AND sync_version > $2\(condition)
            ORDER BY sync_version LIMIT \(limit + 1)
            """, [.text(userID), .integer(after)] + parameters)
        let page = Array(rows.prefix(limit))
        let next = try rows.count > limit ? page.last.map { String(try $0.decode(Int64.self, "sync_version")) } : nil
        return (page, next)
    }

    /// One page of live rows, newest `timeColumn` first; the cursor is the last row's time and id.
    static func live(_ entity: SyncedEntity, timeColumn: String, userID: String, query: JSONObject,
                     on connection: any DatabaseConnection) throws -> Page {
        var condition = "", parameters: [SQLValue] = [.text(userID)]
        if let (time, id) = position(query) {
            condition = " AND (\(timeColumn) < $2 OR (\(timeColumn) = $2 AND id < $3))"
            parameters += [.integer(time), .text(id ?? "")]
        }
        let limit = limit(query)
        let rows = try connection.query("""
            SELECT \(entity.columns), \(timeColumn) AS page_time FROM \(entity.table)
            WHERE user_id = $1 AND deleted_at IS NULL\(condition)
            ORDER BY \(timeColumn) DESC, id DESC LIMIT \(limit + 1)
            """, parameters)
        let page = Array(rows.prefix(limit))
        let next = try rows.count > limit ? page.last.map { row in
            "\(try row.decode(Int64.self, "page_time"))_\(try row.decode(String.self, "id"))"
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
                    if let checkpoint = checkpoint(query) {
                        return try changes(entity, userID: userID, after: checkpoint, query: query, on: connection)
                    }
                    return try live(entity, timeColumn: timeColumn, userID: userID, query: query, on: connection)
                }
                return try context.responses.ok(page)
            }
        }
    }
}
