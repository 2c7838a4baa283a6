import APIToolkit
import Foundation
import Storage

/// `GET /api/auth/me/audit?limit=&cursor=`: the caller's own audit rows, newest first. The
/// cursor is the id of the last row of the previous page, so pages stay stable while new rows
/// arrive.
enum AuditEndpoint {
    struct Item: Encodable, Sendable {
        let id: Int64
        let action: String
        let ip: String?
        let userAgent: String?
        let details: JSONValue
        let createdAt: Date
    }

    struct Page: Encodable, Sendable {
        let items: [Item]
        let nextCursor: Int64?
    }

    static let defaultLimit: Int64 = 50

    static let pageSchema: Schema = .object("AuditPage") {
        Property("items", .array(of: .object("AuditEntry") {
            Property("id", .integer(min: 1))
            Property("action", .string(), description: "e.g. auth.login.password, auth.bearer.success.")
            Property("ip", .string().orNull)
            Property("userAgent", .string().orNull)
            Property("details", .object(nil, allowsUnknownKeys: true) {}.orNull)
            Property("createdAt", .dateTimeUTC)
        }))
        Property("nextCursor", .integer(min: 1).orNull, description: "Pass as cursor for the next (older) page; null on the last page.")
    }

    static let endpoint = Endpoint(
        .get, "/api/auth/me/audit", operationId: "listMyAuditLog", summary: "The signed-in account's audit trail",
        tags: ["auth"], access: .user,
        queryParameters: [.query("limit", .integer(min: 1, max: 200), description: "Rows per page (default 50)."),
                          .query("cursor", .integer(min: 1, max: Int64.max), description: "nextCursor of the previous page.")],
        success: OpenAPIResponse(200, "One page, newest first", schema: pageSchema)
    ) { context in
        { call in
            let userID = try call.user().userID
            let limit = call.query["limit"]?.integerValue ?? defaultLimit
            let cursor = call.query["cursor"]?.integerValue ?? Int64.max
            let rows = try await context.database.read { try AuditStore.page(userID: userID, before: cursor, limit: limit + 1, on: $0) }
            let items = Array(rows.prefix(Int(limit)))
            let next = rows.count > Int(limit) ? items.last?.id : nil
            return try context.responses.ok(Page(items: items, nextCursor: next))
        }
    }
}
