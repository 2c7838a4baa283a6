import CoachSafety
@testable import HealthLogAPI
import Foundation
import XCTest

/// Coach turns read in their conversation, over real HTTP: a follow-up that names no drug is
/// refused under rule 9 when an earlier turn of the same `conversationId` named one, exactly as a
/// one-message dose question naming that drug is; a harmless follow-up is answered; the same
/// follow-up in a new conversation is read alone. A chain of short follow-ups of a refused dose
/// question keeps its refusal past the turns the Coach reads back (`CoachTurn.historyMessages`),
/// and a stored answer is judged again rather than carried.
final class CoachConversationTests: XCTestCase {
    func testAFollowUpIsJudgedWithTheEarlierTurnsOfItsConversationOnSQLite() async throws { try await followUps(.sqlite) }
    func testAFollowUpIsJudgedWithTheEarlierTurnsOfItsConversationOnPostgres() async throws { try await followUps(.postgres) }

    private func followUps(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("conversation@example.com")
        let token = try harness.nativeTokens("conversation@example.com").access
        // Harmless alone to the rules and to the classifier (which refuses "And if I just do half?" alone).
        let followUp = "What about half?"
        let alone = try await refusedRule(try CoachClient.ask(harness.url, followUp, bearer: token), harness)
        XCTAssertNil(alone, "alone, it asks nothing about a dose")

        // The rule-9 refusal a one-message dose question naming Mounjaro gets, in a conversation of its own.
        let reference = try CoachClient.ask(harness.url, "Should I halve my Mounjaro dose?", bearer: token)
        let referenceRule = try await refusedRule(reference, harness)
        XCTAssertEqual(referenceRule, "ground_rule_9_glp1_dose_refusal", reference.raw)

        let first = try CoachClient.ask(harness.url, "I'm on Mounjaro 5 mg, the nausea is awful.", bearer: token)
        let firstConversation = try await stored("conversation_id", of: first, harness)
        let conversation = try XCTUnwrap(firstConversation)
        let refused = try CoachClient.ask(harness.url, followUp, bearer: token, conversationId: conversation)
        XCTAssertEqual(refused.status, 200, refused.raw)
        XCTAssertEqual(refused.names, reference.names, "the rule-9 refusal's events: \(refused.raw)")
        XCTAssertEqual(refused.text, reference.text, "naming the drug of the earlier turn")
        XCTAssertTrue(refused.text.contains("Mounjaro"), refused.text)
        let refusedStored = try await refusedRule(refused, harness)
        XCTAssertEqual(refusedStored, "ground_rule_9_glp1_dose_refusal")

        // The refused turn is context too: the next follow-up is still in the region.
        let again = try CoachClient.ask(harness.url, "ok so go up next week?", bearer: token, conversationId: conversation)
        let againStored = try await refusedRule(again, harness)
        XCTAssertEqual(againStored, "ground_rule_9_glp1_dose_refusal", again.raw)

        let harmless = try CoachClient.ask(harness.url, "How did I sleep last week?", bearer: token, conversationId: conversation)
        XCTAssertEqual(harmless.names.last, "done", harmless.raw)
        let harmlessStored = try await refusedRule(harmless, harness)
        XCTAssertNil(harmlessStored, "a served shape is answered in the conversation: \(harmless.text)")

        let elsewhere = try CoachClient.ask(harness.url, followUp, bearer: token, conversationId: UUID().uuidString)
        let elsewhereStored = try await refusedRule(elsewhere, harness)
        XCTAssertNil(elsewhereStored, "a new conversation has no earlier turns: \(elsewhere.text)")

        let rail = try harness.get("/api/insights/chat?conversationId=\(conversation)", bearer: token)
        let rules = (rail.data["items"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "assistant" }.map { $0["refusedRule"] as? String }
        XCTAssertEqual(rules, [nil, "ground_rule_9_glp1_dose_refusal", "ground_rule_9_glp1_dose_refusal", nil], "newest first: \(rail.body)")
    }

    private static let doseRule = "ground_rule_9_glp1_dose_refusal"

    /// Each short follow-up of a refused dose question is refused however long the chain; a harmless
    /// new question after them is answered.
    func testAChainOfFollowUpsKeepsItsRefusalPastTheWindowOnSQLite() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("chain@example.com")
        let token = try harness.nativeTokens("chain@example.com").access
        let question = try CoachClient.ask(harness.url, "Should I go up to 7.5 mg next week?", bearer: token)
        let questionRule = try await refusedRule(question, harness)
        XCTAssertEqual(questionRule, Self.doseRule, question.raw)
        let conversationID = try await stored("conversation_id", of: question, harness)
        let conversation = try XCTUnwrap(conversationID)

        let followUps = ["and the week after?", "ok.", "and in March?", "and in April?", "and in May?", "und im Juni?"]
        XCTAssertGreaterThan(followUps.count, CoachTurn.historyMessages / 2, "the chain outruns the turns read back")
        for followUp in followUps where followUp != "ok." {
            let alone = try CoachClient.ask(harness.url, followUp, bearer: token, conversationId: UUID().uuidString)
            let aloneRule = try await refusedRule(alone, harness)
            XCTAssertNil(aloneRule, "\(followUp) asks nothing alone")
        }
        for followUp in followUps {
            let reply = try CoachClient.ask(harness.url, followUp, bearer: token, conversationId: conversation)
            XCTAssertEqual(reply.names.last, "done", reply.raw)
            let rule = try await refusedRule(reply, harness)
            XCTAssertEqual(rule, followUp == "ok." ? nil : Self.doseRule, "\(followUp): \(reply.text)")
        }
        let harmless = try CoachClient.ask(harness.url, "How did I sleep last week?", bearer: token, conversationId: conversation)
        let harmlessRule = try await refusedRule(harmless, harness)
        XCTAssertNil(harmlessRule, "a new question of its own is answered: \(harmless.text)")
    }

    /// A dose question stored as answered (by an earlier gate) is judged again: its follow-up is refused.
    func testAStoredAnswerIsJudgedAgainOnSQLite() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        let userID = try harness.createUser("stored@example.com")
        let token = try harness.nativeTokens("stored@example.com").access
        let conversation = UUID().uuidString.lowercased()
        let answered = CoachMessageStore.Turn(userID: userID, conversationID: conversation, locale: "en",
                                              question: "Should I double my Ozempic this week?", reply: "Here is what I found.",
                                              responder: "builtin", refusedRule: nil, evidence: [])
        _ = try await CoachMessageStore.store(answered, promptVersion: PromptVersion.current, database: harness.database)
        let reply = try CoachClient.ask(harness.url, "and next week?", bearer: token, conversationId: conversation)
        let rule = try await refusedRule(reply, harness)
        XCTAssertEqual(rule, Self.doseRule, reply.raw)
    }

    /// The rule the stored reply of `reply` answered, nil when it was answered.
    private func refusedRule(_ reply: CoachReply, _ harness: HealthLogHarness) async throws -> String? {
        try await stored("refused_rule", of: reply, harness)
    }

    private func stored(_ column: String, of reply: CoachReply, _ harness: HealthLogHarness) async throws -> String? {
        let messageID = try XCTUnwrap(reply.done?["messageId"] as? String, reply.raw)
        return try await harness.database.read { connection in
            try connection.queryFirst("SELECT \(column) FROM coach_messages WHERE id = $1", messageID)?.decode(String?.self, column)
        }
    }
}
