import APIToolkit
import CoachModelClient
import CoachResponder
import CoachSafety
import Foundation
import HTTPServer
import ServiceRuntime
import Storage

/// One Coach turn (`docs/healthlog/coach.md`, "One Coach turn"): the inbound gate first, reading
/// the message with the conversation's earlier user turns the model would see — a hit
/// is the matrix's refusal for the rule and locale, and no model is called; then the snapshot of
/// the user's own rows; then the reply, from the language model when one is configured (every
/// sentence through `ReplyGuard`) or from the built-in responder (every sentence through the
/// same outbound guard); then the turn is stored, stamped with the prompt version.
struct CoachTurn {
    let services: CoachServices
    let database: Database
    let logger: Logger
    let userID: String
    let message: String
    let locale: CoachLocale
    let conversationID: String

    /// Stored messages of the conversation (both sides) the model sees besides the new message;
    /// the user's among them are the context the inbound gate reads the new message in.
    static let historyMessages = 6

    /// The `refusedRule` a reply to an injection attempt (or a leak of the prompt) is stored with.
    static let injectionRefusal = "injection"

    private struct Reply {
        var sentences: [String] = []
        var evidence: [EvidenceRow] = []
        var refusedRule: String?
        var responder = "builtin"
    }

    func run(_ events: CoachEvents) async throws {
        var reply = Reply()
        let userID = self.userID, conversationID = self.conversationID
        let history = try await database.read {
            try CoachMessageStore.recent(userID: userID, conversationID: conversationID, limit: Self.historyMessages, on: $0)
        }
        switch services.gate.check(message, earlier: Self.earlierMessages(history)) {
        case .refuse(let rule, let drug):
            reply = try await refuse(rule, drug: drug, events)
        case .injection:
            reply = try await refuse(nil, drug: nil, events)
        case .allow:
            let now = Clock.now()
            let snapshot = try await database.read { try CoachSnapshotBuilder(userID: userID, now: now).build(on: $0) }
            if let model = services.model {
                guard let modelReply = try await modelReply(model, snapshot: snapshot, history: history, events) else { return }
                reply = modelReply
            } else {
                reply = try await builtIn(snapshot, events)
            }
        }
        let stored = CoachMessageStore.Turn(userID: userID, conversationID: conversationID, locale: locale.rawValue, question: message,
                                            reply: reply.sentences.joined(separator: " "), responder: reply.responder,
                                            refusedRule: reply.refusedRule, evidence: reply.evidence)
        let messageID = try await CoachMessageStore.store(stored, promptVersion: PromptVersion.current, database: database)
        try await events.done(messageID: messageID, promptVersion: PromptVersion.current)
    }

    /// The user's messages among `history` (oldest first), each with the refusal its stored reply
    /// records: under its rule, or as an injection. An answered message has no verdict carried: the
    /// gate judges it again, so a gate that now refuses it refuses its follow-ups too; so does a
    /// message whose reply is not among the messages read.
    static func earlierMessages(_ history: [CoachMessage]) -> [InboundGate.EarlierMessage] {
        history.indices.filter { history[$0].role == "user" }.map { index in
            guard index + 1 < history.count, history[index + 1].role == "assistant" else {
                return InboundGate.EarlierMessage(history[index].text, verdict: nil)
            }
            let verdict: GateVerdict? = switch history[index + 1].refusedRule {
            case nil: nil
            case Self.injectionRefusal: .injection
            case let rule?: GroundRule(rawValue: rule).map { .refuse($0, drug: nil) }
            }
            return InboundGate.EarlierMessage(history[index].text, verdict: verdict)
        }
    }

    /// The refusal of `rule` (nil: an injection attempt), a sentence at a time.
    private func refuse(_ rule: GroundRule?, drug: String?, _ events: CoachEvents) async throws -> Reply {
        let sentences = ReplySentences.split(services.refusal(for: rule, drug: drug, locale: locale))
        for sentence in sentences { try await events.delta(sentence) }
        return Reply(sentences: sentences, refusedRule: rule?.rawValue ?? Self.injectionRefusal, responder: "refusal")
    }

    private func builtIn(_ snapshot: CoachSnapshot, _ events: CoachEvents) async throws -> Reply {
        let language = services.language(locale)
        let question = services.read(message, locale: locale, medications: snapshot.medications.map(\.name))
        let answer = AnswerComposer(language: language).answer(question, asked: message, snapshot: snapshot)
        if let rule = answer.sentences.lazy.compactMap(services.outbound.check).first {
            logger.warning("coach.builtin_reply_refused", ["rule": .string(rule.rawValue)])
            return try await refuse(rule, drug: nil, events)
        }
        for sentence in answer.sentences { try await events.delta(sentence) }
        if !answer.evidence.isEmpty { try await events.evidence(answer.evidence) }
        return Reply(sentences: answer.sentences, evidence: answer.evidence)
    }

    /// The model's reply through the guard, with `history` before the message; nil when the turn
    /// ended with an error event.
    private func modelReply(_ model: CoachModelClient, snapshot: CoachSnapshot, history: [CoachMessage],
                            _ events: CoachEvents) async throws -> Reply? {
        let systemPrompt = SystemPrompt.build(matrix: services.matrix, locale: locale, snapshot: SnapshotPromptText.render(snapshot))
        let messages = [CoachModelClient.Message(role: "system", content: systemPrompt)]
            + history.map { CoachModelClient.Message(role: $0.role, content: $0.text) }
            + [CoachModelClient.Message(role: "user", content: message)]
        var guardState = ReplyGuard(outbound: services.outbound, systemPrompt: systemPrompt)
        var reply = Reply(responder: "model")
        let displayNames = services.language(locale).metricDisplayNames
        func handle(_ outputs: [ReplyGuard.Output]) async throws {
            for output in outputs {
                switch output {
                case .sentence(let sentence):
                    try await events.delta(sentence)
                    reply.sentences.append(sentence)
                case .evidenceBlock(let block):
                    let rows = CoachEvidence.rows(fromBlock: block, displayNames: displayNames)
                    if !rows.isEmpty { try await events.evidence(rows) }
                    reply.evidence += rows
                case .stop(let rule):
                    let refusal = try await refuse(rule, drug: nil, events)
                    reply.sentences += refusal.sentences
                    reply.refusedRule = rule.rawValue
                case .leak:
                    let refusal = try await refuse(nil, drug: nil, events)
                    reply.sentences += refusal.sentences
                    reply.refusedRule = Self.injectionRefusal
                }
            }
        }
        do {
            for try await piece in model.reply(to: messages) {
                try await handle(guardState.feed(piece))
                if guardState.stopped { break }
            }
            try await handle(guardState.finish())
            return reply
        } catch let error as CoachModelError {
            if reply.sentences.isEmpty, case .unavailable = error, model.settings.fallBackToBuiltIn {
                logger.warning("coach.model_unavailable_fallback", ["reason": .string(error.description)])
                return try await builtIn(snapshot, events)
            }
            logger.error("coach.model_failed", ["reason": .string(error.description)])
            let code = reply.sentences.isEmpty ? "coach.model_unavailable" : "coach.model_interrupted"
            try await events.error(APIError(status: 503, code: code, message: services.language(locale).sentence(named: code)))
            return nil
        }
    }
}
