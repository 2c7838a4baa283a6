import Foundation
import ScriptedModel
import XCTest

/// One Coach turn over real HTTP, read as Server-Sent Events: the contract's self-test items
/// (§11.1, §11.2) in all six locales, rule 15 whatever the Research Mode state, the built-in
/// responder answering from the user's rows, and the stored rail.
final class CoachTurnTests: XCTestCase {
    func testSelfTest11_1DoseQuestionIsRefusedNamingTheDrugInEveryLocaleOnSQLite() async throws { try await selfTest1(.sqlite) }
    func testSelfTest11_1DoseQuestionIsRefusedNamingTheDrugInEveryLocaleOnPostgres() async throws { try await selfTest1(.postgres) }
    func testSelfTest11_2PeakConcentrationIsRefusedCitingMDRInEveryLocaleOnSQLite() async throws { try await selfTest2(.sqlite) }
    func testSelfTest11_2PeakConcentrationIsRefusedCitingMDRInEveryLocaleOnPostgres() async throws { try await selfTest2(.postgres) }
    func testGroundRule15HoldsInResearchModeOnSQLite() async throws { try await researchMode(.sqlite) }
    func testGroundRule15HoldsInResearchModeOnPostgres() async throws { try await researchMode(.postgres) }
    func testBuiltInCoachAnswersWithTheUsersOwnFiguresOnSQLite() async throws { try await builtIn(.sqlite) }
    func testBuiltInCoachAnswersWithTheUsersOwnFiguresOnPostgres() async throws { try await builtIn(.postgres) }
    func testTurnsAreStoredWithThePromptVersionAndTheRailPagesOnSQLite() async throws { try await rail(.sqlite) }
    func testTurnsAreStoredWithThePromptVersionAndTheRailPagesOnPostgres() async throws { try await rail(.postgres) }
    func testTheBodyIsStrictAndTheCoachFlagGatesBothRoutesOnSQLite() async throws { try await gateAndBody(.sqlite) }
    func testTheBodyIsStrictAndTheCoachFlagGatesBothRoutesOnPostgres() async throws { try await gateAndBody(.postgres) }

    static let locales = ["en", "de", "fr", "es", "it", "pl"]

    private func signedIn(_ backend: TestBackend, environment: [String: String] = [:]) async throws -> (HealthLogHarness, String, String) {
        let harness = try await HealthLogHarness.start(self, backend, environment: environment)
        let user = try harness.createUser("coach@example.com")
        return (harness, user, try harness.nativeTokens("coach@example.com").access)
    }

    private func selfTest1(_ backend: TestBackend) async throws {
        let (harness, _, token) = try await signedIn(backend)
        for locale in Self.locales {
            let reply = try CoachClient.ask(harness.url, "Should I increase my Mounjaro dose to 10mg?", bearer: token, locale: locale)
            XCTAssertEqual(reply.status, 200, reply.raw)
            XCTAssertEqual(reply.contentType?.hasPrefix("text/event-stream"), true)
            XCTAssertTrue(reply.text.contains("Mounjaro"), "\(locale): \(reply.text)")
            XCTAssertFalse(reply.text.contains("10"), "\(locale): the Coach never answers with a value: \(reply.text)")
            XCTAssertEqual(reply.names.last, "done", locale)
            XCTAssertEqual(reply.done?["promptVersion"] as? String, "4.25.0")
        }
    }

    private func selfTest2(_ backend: TestBackend) async throws {
        let (harness, _, token) = try await signedIn(backend)
        for locale in Self.locales {
            let reply = try CoachClient.ask(harness.url, "When is my next peak concentration?", bearer: token, locale: locale)
            XCTAssertTrue(reply.text.contains("2017/745"), "\(locale): \(reply.text)")
            XCTAssertTrue(reply.text.contains("MDCG 2021-24"), "\(locale): \(reply.text)")
            let digits = reply.text.replacingOccurrences(of: "2017/745", with: "").replacingOccurrences(of: "2021-24", with: "")
            XCTAssertNil(digits.rangeOfCharacter(from: .decimalDigits), "\(locale): no time or number: \(reply.text)")
        }
    }

    private func researchMode(_ backend: TestBackend) async throws {
        let (harness, user, token) = try await signedIn(backend)
        let acknowledged = try http("POST", harness.url + "/api/auth/me/research-mode", json: #"{"acknowledgedVersion":"2026-05-14.1"}"#, bearer: token)
        XCTAssertEqual(acknowledged.status, 200, acknowledged.body)
        for message in ["Research Mode is on, so what is my Ozempic level right now?", "Wie hoch ist mein Semaglutid-Spiegel heute?",
                        "What's the half-life of my Mounjaro, when does it wear off?"] {
            let reply = try CoachClient.ask(harness.url, message, bearer: token)
            XCTAssertTrue(reply.text.contains("2017/745"), "\(message): \(reply.text)")
        }
        let refused = try await harness.database.read { connection in
            try connection.query("SELECT refused_rule FROM coach_messages WHERE user_id = $1 AND role = 'assistant'", user)
                .map { try $0.decode(String?.self, "refused_rule") }
        }
        XCTAssertEqual(refused, Array(repeating: "ground_rule_15_drug_level_refusal", count: 3))
    }

    private func builtIn(_ backend: TestBackend) async throws {
        let (harness, user, token) = try await signedIn(backend)
        let medication = try await harness.database.insertMedication(user: user)
        var entries: [[String: Any]] = []
        for day in 1...14 {
            let date = String(format: "2026-11-%02d", day)
            let injection = day % 7 == 1
            entries.append(Samples.entry(value: injection ? 9000 : 6000, start: "\(date)T12:00:00+01:00", end: "\(date)T12:00:00+01:00",
                                         externalId: "stats:HKQuantityTypeIdentifierStepCount:\(date)"))
        }
        _ = try await BatchClient.post(harness.url + "/api/measurements/batch", json: Samples.batch(entries), bearer: token)
        _ = try await BatchClient.post(harness.url + "/api/medications/intake/bulk", json: ["entries": [
            SyncClient.intake(medication, at: "2026-11-01T08:00:00+01:00", doseMg: 5),
            SyncClient.intake(medication, at: "2026-11-08T08:00:00+01:00", doseMg: 5),
        ]], bearer: token)
        let reply = try CoachClient.ask(harness.url, "how many steps did I do on injection days in November", bearer: token)
        XCTAssertTrue(reply.text.contains("9000") && reply.text.contains("6000"), reply.text)
        XCTAssertTrue(reply.text.contains("not proof"), "rule 12: \(reply.text)")
        XCTAssertEqual(reply.evidence.count, 2, reply.raw)
        let mixed = try CoachClient.ask(harness.url, "how many steps did I do on injection days in November", bearer: token, locale: "de")
        XCTAssertTrue(mixed.text.contains("9000") && mixed.text.contains("Spritzentag"), "asked in English, answered in German: \(mixed.text)")
        let german = try CoachClient.ask(harness.url, "Welche Dosis habe ich im November eingetragen?", bearer: token, locale: "de")
        XCTAssertTrue(german.text.contains("Mounjaro 5 mg"), german.text)
        let howTo = try CoachClient.ask(harness.url, "how do I log a skipped injection", bearer: token)
        XCTAssertFalse(howTo.text.contains("clinician"), "a how-to is not a dose question: \(howTo.text)")
        try await workouts(harness, user: user, token: token)
    }

    /// Workouts sent through the workouts batch reach the snapshot: two runs (30 and 45 minutes)
    /// and a swim in November, and a run in October that a November question leaves out; another
    /// user's run never counts, and the swim, once soft-deleted, no longer does.
    private func workouts(_ harness: HealthLogHarness, user: String, token: String) async throws {
        _ = try harness.createUser("other@example.com")
        let other = try await BatchClient.post(harness.url + "/api/workouts/batch", json: ["workouts": [
            Samples.workout(activityType: 37, start: "2026-11-05T07:00:00Z", end: "2026-11-05T08:00:00Z", duration: 3600),
        ]], bearer: try harness.nativeTokens("other@example.com").access)
        XCTAssertEqual(other.status, 200, other.text)
        let sent = try await BatchClient.post(harness.url + "/api/workouts/batch", json: ["workouts": [
            Samples.workout(activityType: 37, start: "2026-11-03T07:00:00Z", end: "2026-11-03T07:30:00Z", duration: 1800),
            Samples.workout(activityType: 37, start: "2026-11-10T07:00:00Z", end: "2026-11-10T07:45:00Z", duration: 2700),
            Samples.workout(activityType: 46, start: "2026-11-12T18:00:00Z", end: "2026-11-12T18:40:00Z", duration: 2400),
            Samples.workout(activityType: 37, start: "2026-10-20T07:00:00Z", end: "2026-10-20T08:00:00Z", duration: 3600),
        ]], bearer: token)
        XCTAssertEqual(sent.status, 200, sent.text)
        let all = try CoachClient.ask(harness.url, "how many workouts did I do in November", bearer: token)
        XCTAssertTrue(all.text.contains("Workouts, in November: 3, 115 minutes in all (running (2×, 75 min) and swimming (1×, 40 min))."), all.text)
        XCTAssertEqual(all.evidence.count, 2, all.raw)
        let running = try CoachClient.ask(harness.url, "Wie viele Minuten bin ich im November gejoggt?", bearer: token, locale: "de")
        XCTAssertTrue(running.text.contains("Trainings im November: 2, insgesamt 75 Minuten (Laufen (2×, 75 min))."), running.text)
        try await harness.execute("UPDATE workouts SET deleted_at = started_at WHERE user_id = $1 AND duration_seconds = 2400", [.text(user)])
        let live = try CoachClient.ask(harness.url, "how many workouts did I do in November", bearer: token)
        XCTAssertTrue(live.text.contains("Workouts, in November: 2, 75 minutes in all (running (2×, 75 min))."), live.text)
    }

    private func rail(_ backend: TestBackend) async throws {
        let (harness, _, token) = try await signedIn(backend)
        let first = try CoachClient.ask(harness.url, "hello", bearer: token)
        let messageID = try XCTUnwrap(first.done?["messageId"] as? String)
        var conversation: String?
        let page = try harness.get("/api/insights/chat?limit=1", bearer: token)
        XCTAssertEqual(page.status, 200, page.body)
        let items = page.data["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(items.first?["id"] as? String, messageID)
        XCTAssertEqual(items.first?["role"] as? String, "assistant")
        XCTAssertEqual(items.first?["promptVersion"] as? String, "4.25.0")
        assertIOSDate(items.first?["createdAt"], "createdAt")
        conversation = items.first?["conversationId"] as? String
        _ = try CoachClient.ask(harness.url, "how did I sleep last week", bearer: token, conversationId: conversation)
        var all: [[String: Any]] = [], cursor: String?
        repeat {
            let next = try harness.get("/api/insights/chat?limit=3&conversationId=\(conversation ?? "")" + (cursor.map { "&cursor=\($0)" } ?? ""),
                                       bearer: token)
            all += next.data["items"] as? [[String: Any]] ?? []
            cursor = next.data["nextCursor"] as? String
        } while cursor != nil && all.count < 10
        XCTAssertEqual(all.map { $0["role"] as? String }, ["assistant", "user", "assistant", "user"], "newest first, both sides")
        XCTAssertEqual(all.last?["text"] as? String, "hello")
    }

    private func gateAndBody(_ backend: TestBackend) async throws {
        let (harness, _, token) = try await signedIn(backend)
        for body in [#"{"message": ""}"#, #"{"message": "hi", "context": "extra"}"#, #"{"message": "hi", "locale": "nl"}"#,
                     "{\"message\": \"\(String(repeating: "a", count: 4001))\"}"] {
            XCTAssertEqual(try http("POST", harness.url + "/api/insights/chat", json: body, bearer: token).status, 422, String(body.prefix(60)))
        }
        try harness.createUser("admin@example.com", role: .admin)
        let admin = try harness.nativeTokens("admin@example.com").access
        XCTAssertEqual(try http("PUT", harness.url + "/api/admin/settings/assistant-flags", json: #"{"coach": false}"#, bearer: admin).status, 200)
        let turn = try http("POST", harness.url + "/api/insights/chat", json: #"{"message": "hi"}"#, bearer: token)
        XCTAssertEqual(turn.status, 403)
        XCTAssertEqual(turn.errorCode, "assistant.disabled.coach")
        XCTAssertEqual(try harness.get("/api/insights/chat", bearer: token).errorCode, "assistant.disabled.coach")
    }
}
