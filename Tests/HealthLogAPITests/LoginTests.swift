@testable import HealthLogAPI
import Secrets
import XCTest

/// POST /api/auth/login: native tokens vs browser cookie, one 401 for every credential failure,
/// the guessing throttle, and the audit rows §9.3 names.
final class LoginTests: XCTestCase {
    func testNativeClientGetsTokensInDataAndTheTwoAuditRowsOnSQLite() async throws { try await nativeLogin(.sqlite) }
    func testNativeClientGetsTokensInDataAndTheTwoAuditRowsOnPostgres() async throws { try await nativeLogin(.postgres) }
    func testBrowserGetsHttpOnlySameSiteCookieAndNoTokensOnSQLite() async throws { try await browserLogin(.sqlite) }
    func testBrowserGetsHttpOnlySameSiteCookieAndNoTokensOnPostgres() async throws { try await browserLogin(.postgres) }
    func testUnknownEmailAndWrongPasswordGiveIdenticalBodiesOnSQLite() async throws { try await identical401(.sqlite) }
    func testUnknownEmailAndWrongPasswordGiveIdenticalBodiesOnPostgres() async throws { try await identical401(.postgres) }
    func testRepeatedFailuresAreThrottledWith429AndRetryAfterOnSQLite() async throws { try await throttle(.sqlite) }
    func testRepeatedFailuresAreThrottledWith429AndRetryAfterOnPostgres() async throws { try await throttle(.postgres) }

    func testPasswordStoredWithOtherCostsIsRehashedAtLoginOnSQLite() async throws { try await rehash(.sqlite) }
    func testPasswordStoredWithOtherCostsIsRehashedAtLoginOnPostgres() async throws { try await rehash(.postgres) }

    private func rehash(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        // Created with production costs; this test server runs with HEALTHLOG_PASSWORD_HASH_COST=minimal.
        let account = UserAccounts.NewAccount(email: "old@example.com", password: HealthLogHarness.password, role: .user, timezone: "UTC")
        _ = try UserAccounts.create(account, hasher: .interactive, database: harness.database)
        let storedHash = {
            try await harness.database.read { try $0.queryFirst("SELECT password_hash FROM users")?.decode(String.self, "password_hash") }
        }
        let before = try await storedHash()
        XCTAssertEqual(try harness.login("old@example.com").status, 200)
        let upgraded = try await storedHash()
        let after = try XCTUnwrap(upgraded)
        XCTAssertNotEqual(before, after)
        XCTAssertFalse(PasswordHasher.minimal.needsRehash(after))
        XCTAssertEqual(try harness.login("old@example.com").status, 200, "the upgraded hash still verifies")
    }

    private func nativeLogin(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("Ada@Example.com")
        for agent in [UserAgents.iOS, UserAgents.iOSApp] {
            let result = try harness.login("ada@example.com", userAgent: agent)
            XCTAssertEqual(result.status, 200, result.body)
            XCTAssertTrue(result.json["error"] is NSNull)
            XCTAssertTrue((result.data["accessToken"] as? String)?.hasPrefix("hla_") == true, result.body)
            XCTAssertTrue((result.data["refreshToken"] as? String)?.hasPrefix("hlr_") == true, result.body)
            XCTAssertEqual(result.data["tokenType"] as? String, "Bearer")
            XCTAssertEqual(result.data["expiresIn"] as? Int, 900)
            let user = try XCTUnwrap(result.data["user"] as? [String: Any])
            XCTAssertEqual(user["email"] as? String, "ada@example.com")
            assertIOSDate(user["createdAt"], "user.createdAt")
            XCTAssertNil(result.header("Set-Cookie"), "native clients get no cookie")
            XCTAssertEqual(result.header("Cache-Control"), "no-store")
        }
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertEqual(actions, ["auth.login.password", "auth.token.autoissue.native", "auth.login.password", "auth.token.autoissue.native"])
        let stored = try await harness.database.read { try $0.query("SELECT token_hash FROM refresh_tokens") }
        XCTAssertEqual(stored.count, 2)
        for row in stored { XCTAssertEqual(try row.decode(String.self, "token_hash").count, 64, "only SHA-256 digests are stored") }
    }

    private func browserLogin(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("bea@example.com")
        let plain = try harness.login("bea@example.com", userAgent: UserAgents.browser)
        XCTAssertEqual(plain.status, 200, plain.body)
        XCTAssertTrue(plain.data["accessToken"] is NSNull, plain.body)
        XCTAssertTrue(plain.data["refreshToken"] is NSNull, plain.body)
        XCTAssertFalse(plain.body.contains("hla_") || plain.body.contains("hlr_") || plain.body.contains("hls_"))
        let cookie = try XCTUnwrap(plain.header("Set-Cookie"))
        XCTAssertTrue(cookie.hasPrefix("__Host-healthlog_session=hls_"), cookie)
        XCTAssertTrue(cookie.contains("; HttpOnly"), cookie)
        XCTAssertTrue(cookie.contains("; SameSite=Lax"), cookie)
        XCTAssertTrue(cookie.contains("; Path=/"), cookie)
        XCTAssertTrue(cookie.hasSuffix("; Secure"), "a __Host- cookie is kept by browsers only when Secure, even from localhost")
        XCTAssertFalse(cookie.contains("Domain="), cookie)

        let session = String(cookie.split(separator: ";")[0])
        let me = try harness.get("/api/auth/me", cookie: session)
        XCTAssertEqual(me.status, 200, me.body)
        XCTAssertEqual(me.data["id"] as? String, userID)
        XCTAssertEqual(try harness.get("/api/auth/me", cookie: "__Host-healthlog_session=hls_forged").status, 401)
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertEqual(actions, ["auth.login.password"], "browsers get no token auto-issue row")
    }

    private func identical401(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("cy@example.com")
        let wrongPassword = try harness.login("cy@example.com", password: "not the password")
        let unknownEmail = try harness.login("nobody@example.com", password: "not the password")
        XCTAssertEqual(wrongPassword.status, 401)
        XCTAssertEqual(unknownEmail.status, 401)
        XCTAssertEqual(wrongPassword.body, unknownEmail.body)
        XCTAssertEqual(wrongPassword.body,
                       #"{"data":null,"error":"Invalid email or password","meta":{"errorCode":"auth.invalid_credentials"}}"#)
        // Regression (schemathesis): a NUL in the address reached the database and became a 500.
        // It is refused by the schema now, the same way whether or not the account exists.
        let nulKnown = try http("POST", harness.url + "/api/auth/login", json: #"{"email":"cy\u0000@example.com","password":"x"}"#)
        let nulUnknown = try http("POST", harness.url + "/api/auth/login", json: #"{"email":"nobody\u0000@example.com","password":"x"}"#)
        XCTAssertEqual(nulKnown.status, 422, nulKnown.body)
        XCTAssertEqual(nulKnown.body, nulUnknown.body)
    }

    private func throttle(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("dee@example.com")
        for attempt in 1...5 {
            XCTAssertEqual(try harness.login("dee@example.com", password: "guess \(attempt)").status, 401)
        }
        let throttled = try harness.login("dee@example.com")
        XCTAssertEqual(throttled.status, 429, "even the right password waits out the window")
        XCTAssertEqual(throttled.errorCode, "auth.throttled")
        let retryAfter = Int(try XCTUnwrap(throttled.header("Retry-After"))) ?? 0
        XCTAssertTrue((1...900).contains(retryAfter), "Retry-After \(retryAfter)")
        XCTAssertEqual(try harness.login("eve@example.com", password: "x").status, 401, "another address has its own budget")
    }
}
