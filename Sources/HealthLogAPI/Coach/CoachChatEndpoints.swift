import APIToolkit
import CoachSafety
import Foundation
import HTTPServer
import Storage

/// `POST /api/insights/chat` (one Coach turn, streamed as Server-Sent Events) and
/// `GET /api/insights/chat` (the conversation rail, paged), both behind the `coach` flag
/// (contract §14) and a signed-in user.
enum CoachChatEndpoints {
    static let endpoints = [turn, rail]
    static let railLimit = 50, maximumRailLimit = 200

    static let turn = Endpoint(
        .post, "/api/insights/chat", operationId: "coachTurn", summary: "Ask the Coach; the reply streams as Server-Sent Events",
        tags: ["coach"], access: .user, gate: .coach, body: CoachTurnRequest.self,
        success: .eventStream(200, CoachEvents.description, event: CoachEvents.schema)
    ) { context in
        { call, body in
            let userID = try call.user().userID, services = context.coach
            let turn = CoachTurn(services: services, database: context.database, logger: context.logger, userID: userID,
                                 message: body.message, locale: body.replyLocale(call.request),
                                 conversationID: body.conversationId?.lowercased() ?? UUID().uuidString.lowercased())
            let style = context.responses.style
            return .eventStream { writer in try await turn.run(CoachEvents(writer: writer, style: style)) }
        }
    }

    struct RailPage: Encodable, Sendable {
        let items: [CoachMessage]
        let nextCursor: String?
    }

    static let rail = Endpoint(
        .get, "/api/insights/chat", operationId: "coachRail", summary: "The stored Coach messages, newest first",
        tags: ["coach"], access: .user, gate: .coach,
        queryParameters: [.query("conversationId", .string(format: .uuid), description: "Only this conversation."),
                          .query("cursor", .string(maxLength: 20, pattern: "^[0-9]{1,18}$"), description: "nextCursor of the previous page."),
                          .query("limit", .integer(min: 1, max: Int64(maximumRailLimit)), description: "Messages per page, default \(railLimit).")],
        success: OpenAPIResponse(200, "Messages newest first", schema: .object("CoachRail") {
            Property("items", .array(of: CoachMessage.schema))
            Property("nextCursor", .string().orNull, description: "Pass as cursor for older messages; null on the last page.")
        })
    ) { context in
        { call in
            let userID = try call.user().userID, query = call.query
            let limit = query["limit"]?.integerValue.map(Int.init) ?? railLimit
            let conversation = query["conversationId"]?.stringValue?.lowercased()
            let cursor = query["cursor"]?.stringValue.flatMap { Int64($0) }
            let rows = try await context.database.read {
                try CoachMessageStore.page(userID: userID, conversationID: conversation, before: cursor, limit: limit + 1, on: $0)
            }
            let page = Array(rows.prefix(limit))
            let next = rows.count > limit ? page.last.map { String($0.seq) } : nil
            return try context.responses.ok(RailPage(items: page, nextCursor: next))
        }
    }
}
