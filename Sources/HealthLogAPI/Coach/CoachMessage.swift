import APIToolkit
import CoachResponder
import Foundation
import Storage

/// A stored message of the Coach rail, as `GET /api/insights/chat` returns it.
struct CoachMessage: Encodable, Sendable {
    /// The rail's order and cursor; not part of the answer.
    let seq: Int64
    let id: String
    let conversationId: String
    let role: String
    let text: String
    let locale: String
    /// The ground rule a refusal answered (`ground_rule_9_glp1_dose_refusal`…), else null.
    let refusedRule: String?
    let evidence: [EvidenceRow]
    let promptVersion: String
    let createdAt: Date

    static let columns = "seq, id, conversation_id, role, text, locale, refused_rule, evidence, prompt_version, created_at"

    init(row: Row) throws {
        seq = try row.decode("seq")
        id = try row.decode("id")
        conversationId = try row.decode("conversation_id")
        role = try row.decode("role")
        text = try row.decode("text")
        locale = try row.decode("locale")
        refusedRule = try row.decode("refused_rule")
        let stored: String? = try row.decode("evidence")
        evidence = stored.flatMap { try? JSONDecoder().decode([EvidenceRow].self, from: Data($0.utf8)) } ?? []
        promptVersion = try row.decode("prompt_version")
        createdAt = try row.decode("created_at")
    }

    enum Keys: String, CodingKey { case id, conversationId, role, text, locale, refusedRule, evidence, promptVersion, createdAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(conversationId, forKey: .conversationId)
        try container.encode(role, forKey: .role)
        try container.encode(text, forKey: .text)
        try container.encode(locale, forKey: .locale)
        try container.encodeIfPresent(refusedRule, forKey: .refusedRule)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(promptVersion, forKey: .promptVersion)
        try container.encode(createdAt, forKey: .createdAt)
    }

    static let schema: Schema = .object("CoachMessage") {
        Property("id", .string(format: .uuid))
        Property("conversationId", .string(format: .uuid))
        Property("role", .string(oneOf: ["user", "assistant"]))
        Property("text", .string())
        Property("locale", .string(oneOf: CoachTurnRequest.locales))
        Property("refusedRule", .string().orNull, description: "The ground rule a refusal answered; null otherwise.")
        Property("evidence", .array(of: CoachEvidence.rowSchema))
        Property("promptVersion", .string())
        Property("createdAt", .dateTimeUTC)
    }
}

/// The rows a turn writes, and the rail's pages.
enum CoachMessageStore {
    struct Turn: Sendable {
        let userID: String
        let conversationID: String
        let locale: String
        let question: String
        let reply: String
        let responder: String
        let refusedRule: String?
        let evidence: [EvidenceRow]
    }

    /// Stores the question and the reply in one transaction; returns the reply's id.
    static func store(_ turn: Turn, promptVersion: String, database: Database) async throws -> String {
        let replyID = UUID().uuidString.lowercased(), now = Clock.now()
        let evidence = String(decoding: try JSONEncoder().encode(turn.evidence), as: UTF8.self)
        try await database.transaction { connection in
            for (id, role, text) in [(UUID().uuidString.lowercased(), "user", turn.question), (replyID, "assistant", turn.reply)] {
                try connection.execute("""
                    INSERT INTO coach_messages (id, user_id, conversation_id, role, text, locale, responder, refused_rule, evidence,
                                                prompt_version, created_at)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                    """, id, turn.userID, turn.conversationID, role, text, turn.locale,
                    role == "assistant" ? turn.responder : nil, role == "assistant" ? turn.refusedRule : nil,
                    role == "assistant" ? evidence : "[]", promptVersion, now)
            }
        }
        return replyID
    }

    /// Up to `limit` of the user's messages (of one conversation when given) with a `seq`
    /// below `before` when given, newest first.
    static func page(userID: String, conversationID: String?, before: Int64?, limit: Int,
                     on connection: any DatabaseConnection) throws -> [CoachMessage] {
        var condition = "", parameters: [SQLValue] = [.text(userID)]
        if let conversationID {
            parameters.append(.text(conversationID))
            condition += " AND conversation_id = $\(parameters.count)"
        }
        if let before {
            parameters.append(.integer(before))
            condition += " AND seq < $\(parameters.count)"
        }
        return try connection.query("SELECT \(CoachMessage.columns) FROM coach_messages WHERE user_id = $1\(condition) ORDER BY seq DESC LIMIT \(limit)",
                                    parameters).map(CoachMessage.init(row:))
    }

    /// The conversation's last `limit` messages, oldest first: the model's context, and (the user's
    /// among them) the inbound gate's.
    static func recent(userID: String, conversationID: String, limit: Int, on connection: any DatabaseConnection) throws -> [CoachMessage] {
        try connection.query("""
            SELECT \(CoachMessage.columns) FROM coach_messages WHERE user_id = $1 AND conversation_id = $2
            ORDER BY seq DESC LIMIT \(limit)
            """, userID, conversationID).map(CoachMessage.init(row:)).reversed()
    }
}
