@testable import HealthLogAPI
import XCTest

/// Feature flags (contract §14): the resolved matrix, its cache header, the admin switchboard
/// and the reusable gate.
final class FeatureFlagTests: XCTestCase {
    func testResolvedMatrixNeverShowsASurfaceOnWhileTheMasterIsOffOnSQLite() async throws { try await matrix(.sqlite) }
    func testResolvedMatrixNeverShowsASurfaceOnWhileTheMasterIsOffOnPostgres() async throws { try await matrix(.postgres) }
    func testAdminPutIs403ForUsersAndEchoesRawAndResolvedForAdminsOnSQLite() async throws { try await adminPut(.sqlite) }
    func testAdminPutIs403ForUsersAndEchoesRawAndResolvedForAdminsOnPostgres() async throws { try await adminPut(.postgres) }
    func testGatedRouteIs403AssistantDisabledCoachWhenCoachOrMasterIsOffOnSQLite() async throws { try await gate(.sqlite) }
    func testGatedRouteIs403AssistantDisabledCoachWhenCoachOrMasterIsOffOnPostgres() async throws { try await gate(.postgres) }

    func testEmptyChangeIs422AndTheAuditRowSaysWhatChangedOnSQLite() async throws { try await changeDetails(.sqlite) }
    func testEmptyChangeIs422AndTheAuditRowSaysWhatChangedOnPostgres() async throws { try await changeDetails(.postgres) }
    func testAdminCanFlipSwitchesWithTheBrowserSessionCookieOnSQLite() async throws { try await cookieAdmin(.sqlite) }
    func testAdminCanFlipSwitchesWithTheBrowserSessionCookieOnPostgres() async throws { try await cookieAdmin(.postgres) }

    func testGateAnswersBeforeTheBodyIsDecoded() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("body@example.com")
        let user = try harness.nativeTokens("body@example.com")
        let probe = harness.url + "/api/test/coach-probe"
        XCTAssertEqual(try http("POST", probe, json: #"{"note":"hi"}"#, bearer: user.access).status, 200)
        XCTAssertEqual(try http("POST", probe, json: #"{"bogus":1}"#, bearer: user.access).status, 422)
        try await harness.execute("UPDATE assistant_flags SET coach = 0", [])
        let closed = try http("POST", probe, json: #"{"bogus":1}"#, bearer: user.access)
        XCTAssertEqual(closed.status, 403, "a switched-off feature says so whatever the body")
        XCTAssertEqual(closed.errorCode, "assistant.disabled.coach")
    }

    func testGatedEndpointDocumentsItsAssistantDisabled403() throws {
        let document = try HealthLogOpenAPI.jsonValue(for: [HealthLogHarness.coachProbe])
        let forbidden = document["paths"]?["/api/test/coach-probe"]?["get"]?["responses"]?["403"]?["description"]?.stringValue
        XCTAssertTrue(forbidden?.contains("assistant.disabled.coach") == true, String(describing: forbidden))
    }

    private func changeDetails(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let adminID = try harness.createUser("root@example.com", role: .admin)
        let admin = try harness.nativeTokens("root@example.com")
        let empty = try put(harness, "{}", bearer: admin.access)
        XCTAssertEqual(empty.status, 422, empty.body)
        XCTAssertEqual(empty.errorCode, "validation.failed")
        XCTAssertEqual(try put(harness, #"{"coach":false,"briefing":true}"#, bearer: admin.access).status, 200)
        let details = try await harness.database.read { connection in
            try connection.query("SELECT details FROM audit_log WHERE user_id = $1 AND action = 'admin.settings.assistant_flags.update'",
                                 adminID).map { try $0.decode(String.self, "details") }
        }
        XCTAssertEqual(details, [#"{"changes":{"coach":{"from":true,"to":false},"briefing":{"from":true,"to":true}}}"#],
                       "one row (the empty change wrote none), naming each switch with its old and new value")
    }

    private func cookieAdmin(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("web@example.com", role: .admin)
        let cookie = try harness.browserSession("web@example.com")
        let changed = try http("PUT", harness.url + "/api/admin/settings/assistant-flags", json: #"{"correlations":false}"#,
                               cookie: cookie, userAgent: UserAgents.browser, headers: [harness.sameOrigin])
        XCTAssertEqual(changed.status, 200, changed.body)
        XCTAssertEqual((changed.data["raw"] as? [String: Any])?["correlations"] as? Bool, false)
        XCTAssertEqual(changed.header("Cache-Control"), "no-store")
    }

    private static let surfaces = ["coach", "briefing", "insightStatus", "correlations", "healthScoreExplainer"]

    private func put(_ harness: HealthLogHarness, _ json: String, bearer: String) throws -> HTTPResult {
        try http("PUT", harness.url + "/api/admin/settings/assistant-flags", json: json, bearer: bearer)
    }

    private func matrix(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("flags@example.com")
        let tokens = try harness.nativeTokens("flags@example.com")
        let defaults = try harness.get("/api/feature-flags", bearer: tokens.access)
        XCTAssertEqual(defaults.status, 200, defaults.body)
        XCTAssertEqual(defaults.header("Cache-Control"), "private, max-age=60")
        XCTAssertEqual(defaults.body, #"{"data":{"assistant":{"enabled":true,"coach":true,"briefing":true,"insightStatus":true,"correlations":true,"healthScoreExplainer":true}},"error":null}"#)
        XCTAssertEqual(try harness.get("/api/feature-flags").status, 401, "requireAuth gates the matrix")

        for enabled in [false, true] {
            for coach in [false, true] {
                try await harness.execute("UPDATE assistant_flags SET enabled = $1, coach = $2, briefing = 1",
                                          [.integer(enabled ? 1 : 0), .integer(coach ? 1 : 0)])
                let assistant = try XCTUnwrap(try harness.get("/api/feature-flags", bearer: tokens.access).data["assistant"] as? [String: Any])
                XCTAssertEqual(assistant["enabled"] as? Bool, enabled)
                XCTAssertEqual(assistant["coach"] as? Bool, enabled && coach)
                XCTAssertEqual(assistant["briefing"] as? Bool, enabled)
                if !enabled {
                    for surface in Self.surfaces { XCTAssertEqual(assistant[surface] as? Bool, false, surface) }
                }
            }
        }
    }

    private func adminPut(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("user@example.com")
        let adminID = try harness.createUser("root@example.com", role: .admin)
        let user = try harness.nativeTokens("user@example.com")
        let admin = try harness.nativeTokens("root@example.com")

        let forbidden = try put(harness, #"{"coach":false}"#, bearer: user.access)
        XCTAssertEqual(forbidden.status, 403)
        XCTAssertEqual(forbidden.errorCode, "auth.forbidden")
        XCTAssertEqual(try harness.get("/api/feature-flags", bearer: user.access).data["assistant"].flatMap { ($0 as? [String: Any])?["coach"] as? Bool }, true)

        let masterOff = try put(harness, #"{"enabled":false,"briefing":false}"#, bearer: admin.access)
        XCTAssertEqual(masterOff.status, 200, masterOff.body)
        XCTAssertEqual(masterOff.body, #"{"data":{"raw":{"enabled":false,"coach":true,"briefing":false,"insightStatus":true,"correlations":true,"healthScoreExplainer":true},"resolved":{"enabled":false,"coach":false,"briefing":false,"insightStatus":false,"correlations":false,"healthScoreExplainer":false}},"error":null}"#)
        let masterOn = try put(harness, #"{"enabled":true}"#, bearer: admin.access)
        let resolved = try XCTUnwrap(masterOn.data["resolved"] as? [String: Any])
        XCTAssertEqual(resolved["coach"] as? Bool, true)
        XCTAssertEqual(resolved["briefing"] as? Bool, false, "untouched switches keep their raw value")

        let unknown = try put(harness, #"{"coach":false,"chat":false}"#, bearer: admin.access)
        XCTAssertEqual(unknown.status, 422)
        XCTAssertEqual(unknown.meta["path"] as? String, "chat")
        let wrongType = try put(harness, #"{"coach":"off"}"#, bearer: admin.access)
        XCTAssertEqual(wrongType.status, 422)
        XCTAssertEqual(wrongType.meta["path"] as? String, "coach")
        let coach = try XCTUnwrap(try harness.get("/api/feature-flags", bearer: user.access).data["assistant"] as? [String: Any])
        XCTAssertEqual(coach["coach"] as? Bool, true, "a refused body changes nothing")
        let actions = try await harness.auditActions(userID: adminID)
        XCTAssertEqual(actions.filter { $0 == "admin.settings.assistant_flags.update" }.count, 2)
    }

    private func gate(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("gate@example.com")
        try harness.createUser("ops@example.com", role: .admin)
        let user = try harness.nativeTokens("gate@example.com")
        let admin = try harness.nativeTokens("ops@example.com")
        XCTAssertEqual(try harness.get("/api/test/coach-probe", bearer: user.access).body, #"{"data":{"ok":true},"error":null}"#)
        for change in [#"{"coach":false}"#, #"{"coach":true,"enabled":false}"#] {
            XCTAssertEqual(try put(harness, change, bearer: admin.access).status, 200)
            let closed = try harness.get("/api/test/coach-probe", bearer: user.access)
            XCTAssertEqual(closed.status, 403, change)
            XCTAssertEqual(closed.body, #"{"data":null,"error":"This assistant feature is turned off on this server","meta":{"errorCode":"assistant.disabled.coach"}}"#)
        }
        XCTAssertEqual(try put(harness, #"{"enabled":true}"#, bearer: admin.access).status, 200)
        XCTAssertEqual(try harness.get("/api/test/coach-probe", bearer: user.access).status, 200, "the flip is seen at once")
    }
}
