import Foundation
import Storage
import XCTest

/// Ending sessions over real HTTP: `POST /api/auth/logout` ends the credential the request used,
/// `POST /api/auth/logout-all` every session and token family of the account, and
/// `PUT /api/auth/me/password` changes the password and ends every credential but the caller's.
final class LogoutAndPasswordChangeTests: XCTestCase {
    func testLogoutEndsTheBearersAccessAndRefreshTokenOnlyOnSQLite() async throws { try await bearerLogout(.sqlite) }
    func testLogoutEndsTheBearersAccessAndRefreshTokenOnlyOnPostgres() async throws { try await bearerLogout(.postgres) }
    func testLogoutEndsTheBrowserSessionAndExpiresTheCookieOnSQLite() async throws { try await sessionLogout(.sqlite) }
    func testLogoutEndsTheBrowserSessionAndExpiresTheCookieOnPostgres() async throws { try await sessionLogout(.postgres) }
    func testLogoutAllEndsEveryDeviceOnSQLite() async throws { try await logoutAll(.sqlite) }
    func testLogoutAllEndsEveryDeviceOnPostgres() async throws { try await logoutAll(.postgres) }
    func testPasswordChangeKeepsTheCallerAndEndsEveryOtherCredentialOnSQLite() async throws { try await passwordChange(.sqlite) }
    func testPasswordChangeKeepsTheCallerAndEndsEveryOtherCredentialOnPostgres() async throws { try await passwordChange(.postgres) }
    func testPasswordChangeFromTheBrowserKeepsItsSessionOnSQLite() async throws { try await browserPasswordChange(.sqlite) }
    func testPasswordChangeFromTheBrowserKeepsItsSessionOnPostgres() async throws { try await browserPasswordChange(.postgres) }

    private static let newPassword = "a brand new passphrase"

    private func post(_ harness: HealthLogHarness, _ path: String, bearer: String? = nil, cookie: String? = nil) throws -> HTTPResult {
        try http("POST", harness.url + path, bearer: bearer, cookie: cookie, userAgent: cookie == nil ? UserAgents.iOS : UserAgents.browser,
                 headers: cookie == nil ? [] : [harness.sameOrigin])
    }

    private func changePassword(_ harness: HealthLogHarness, current: String, new: String, bearer: String? = nil,
                                cookie: String? = nil) throws -> HTTPResult {
        let json = #"{"currentPassword":"\#(current)","newPassword":"\#(new)"}"#
        return try http("PUT", harness.url + "/api/auth/me/password", json: json, bearer: bearer, cookie: cookie,
                        headers: cookie == nil ? [] : [harness.sameOrigin])
    }

    private func me(_ harness: HealthLogHarness, bearer: String? = nil, cookie: String? = nil) throws -> Int {
        try harness.get("/api/auth/me", bearer: bearer, cookie: cookie).status
    }

    /// The audit rows of `userID` with `action`, as their details text.
    private func auditDetails(_ harness: HealthLogHarness, _ userID: String, _ action: String) async throws -> [String?] {
        try await harness.database.read { connection in
            try connection.query("SELECT details FROM audit_log WHERE user_id = $1 AND action = $2 ORDER BY id", userID, action)
                .map { try $0.decode(String?.self, "details") }
        }
    }

    private func bearerLogout(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("leaving@example.com")
        let phone = try harness.nativeTokens("leaving@example.com"), tablet = try harness.nativeTokens("leaving@example.com")
        let out = try post(harness, "/api/auth/logout", bearer: phone.access)
        XCTAssertEqual(out.status, 204, out.body)
        XCTAssertTrue(out.header("Set-Cookie")?.contains("Max-Age=0") == true, out.headers.description)
        XCTAssertEqual(try me(harness, bearer: phone.access), 401, "the old access token is refused")
        let refreshed = try harness.refresh(phone.refresh)
        XCTAssertEqual(refreshed.status, 401, "the old refresh token is refused: \(refreshed.body)")
        XCTAssertEqual(refreshed.meta["reason"] as? String, "revoked")
        XCTAssertEqual(try me(harness, bearer: tablet.access), 200, "another device stays signed in")
        XCTAssertEqual(try harness.refresh(tablet.refresh).status, 200)
        let audited = try await auditDetails(harness, userID, "auth.logout")
        XCTAssertEqual(audited, [#"{"credential":"bearer"}"#])
    }

    private func sessionLogout(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("web@example.com")
        let cookie = try harness.browserSession("web@example.com"), other = try harness.browserSession("web@example.com")
        XCTAssertEqual(try me(harness, cookie: cookie), 200)
        let out = try post(harness, "/api/auth/logout", cookie: cookie)
        XCTAssertEqual(out.status, 204, out.body)
        XCTAssertEqual(out.header("Set-Cookie"), "__Host-healthlog_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure")
        XCTAssertEqual(try me(harness, cookie: cookie), 401, "the session is over even if the browser kept the cookie")
        XCTAssertEqual(try me(harness, cookie: other), 200, "another browser's session is not")
        let audited = try await auditDetails(harness, userID, "auth.logout")
        XCTAssertEqual(audited, [#"{"credential":"session"}"#])
    }

    private func logoutAll(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("everywhere@example.com")
        let bystander = try harness.createUser("bystander@example.com")
        let phone = try harness.nativeTokens("everywhere@example.com"), tablet = try harness.nativeTokens("everywhere@example.com")
        let browser = try harness.browserSession("everywhere@example.com")
        let theirs = try harness.nativeTokens("bystander@example.com")
        let out = try post(harness, "/api/auth/logout-all", bearer: phone.access)
        XCTAssertEqual(out.status, 204, out.body)
        for access in [phone.access, tablet.access] { XCTAssertEqual(try me(harness, bearer: access), 401) }
        for refresh in [phone.refresh, tablet.refresh] { XCTAssertEqual(try harness.refresh(refresh).status, 401) }
        XCTAssertEqual(try me(harness, cookie: browser), 401, "the browser session too")
        XCTAssertEqual(try me(harness, bearer: theirs.access), 200, "another account is untouched")
        let audited = try await auditDetails(harness, userID, "auth.logout.all")
        XCTAssertEqual(audited, [#"{"revokedFamilies":2,"revokedSessions":1}"#])
        let theirActions = try await harness.auditActions(userID: bystander)
        XCTAssertFalse(theirActions.contains { $0.hasPrefix("auth.logout") })
        XCTAssertEqual(try harness.login("everywhere@example.com").status, 200, "signing in again works")
    }

    private func passwordChange(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("changer@example.com")
        let phone = try harness.nativeTokens("changer@example.com"), tablet = try harness.nativeTokens("changer@example.com")
        let browser = try harness.browserSession("changer@example.com")

        let wrong = try changePassword(harness, current: "not my password", new: Self.newPassword, bearer: phone.access)
        XCTAssertEqual(wrong.status, 403, wrong.body)
        XCTAssertEqual(wrong.errorCode, "auth.password_incorrect")
        let weak = try changePassword(harness, current: HealthLogHarness.password, new: "short", bearer: phone.access)
        XCTAssertEqual(weak.status, 422, weak.body)
        XCTAssertEqual(weak.errorCode, "auth.password_too_weak")
        XCTAssertEqual(weak.meta["path"] as? String, "newPassword")
        XCTAssertEqual(try me(harness, bearer: tablet.access), 200, "a refused change ends nothing")

        let changed = try changePassword(harness, current: HealthLogHarness.password, new: Self.newPassword, bearer: phone.access)
        XCTAssertEqual(changed.status, 204, changed.body)
        XCTAssertEqual(try me(harness, bearer: phone.access), 200, "the caller stays signed in")
        XCTAssertEqual(try harness.refresh(phone.refresh).status, 200, "and can keep refreshing")
        XCTAssertEqual(try me(harness, bearer: tablet.access), 401, "other devices are signed out")
        XCTAssertEqual(try harness.refresh(tablet.refresh).status, 401)
        XCTAssertEqual(try me(harness, cookie: browser), 401, "browser sessions too")
        XCTAssertEqual(try harness.login("changer@example.com").status, 401, "the old password no longer signs in")
        XCTAssertEqual(try harness.login("changer@example.com", password: Self.newPassword).status, 200)
        let refused = try await auditDetails(harness, userID, "auth.password.change.password_incorrect")
        XCTAssertEqual(refused.count, 1)
        let audited = try await auditDetails(harness, userID, "auth.password.change")
        XCTAssertEqual(audited, [#"{"revokedFamilies":1,"revokedSessions":1}"#])
        let hashes = try await harness.database.read { try $0.query("SELECT password_hash FROM users WHERE id = $1", userID) }
        XCTAssertFalse(try hashes.map { try $0.decode(String.self, "password_hash") }.contains { $0.contains(Self.newPassword) })
    }

    private func browserPasswordChange(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("webchanger@example.com")
        let browser = try harness.browserSession("webchanger@example.com"), other = try harness.browserSession("webchanger@example.com")
        let phone = try harness.nativeTokens("webchanger@example.com")
        let changed = try changePassword(harness, current: HealthLogHarness.password, new: Self.newPassword, cookie: browser)
        XCTAssertEqual(changed.status, 204, changed.body)
        XCTAssertEqual(try me(harness, cookie: browser), 200, "the calling browser stays signed in")
        XCTAssertEqual(try me(harness, cookie: other), 401)
        XCTAssertEqual(try me(harness, bearer: phone.access), 401)
    }
}
