import Foundation
@testable import HealthLogAPI
import Secrets
import XCTest

/// Bearer authentication: refresh tokens are not bearers (self-test item 5), and every bearer
/// attempt leaves an audit row once the batch is flushed.
final class BearerAuthTests: XCTestCase {
    func testRefreshTokenPresentedAsBearerIs401OnSQLite() async throws { try await refreshAsBearer(.sqlite) }
    func testRefreshTokenPresentedAsBearerIs401OnPostgres() async throws { try await refreshAsBearer(.postgres) }
    func testBearerSuccessAndFailureAuditRowsAppearAfterTheBatchFlushOnSQLite() async throws { try await bearerAudit(.sqlite) }
    func testBearerSuccessAndFailureAuditRowsAppearAfterTheBatchFlushOnPostgres() async throws { try await bearerAudit(.postgres) }
    func testExpiredAccessTokenIs401OnSQLite() async throws { try await expiredAccess(.sqlite) }
    func testExpiredAccessTokenIs401OnPostgres() async throws { try await expiredAccess(.postgres) }

    func testRefusedTokenOfAKnownUserIsAuditedWithTheUserAndTheReasonOnSQLite() async throws { try await knownUserRefused(.sqlite) }
    func testRefusedTokenOfAKnownUserIsAuditedWithTheUserAndTheReasonOnPostgres() async throws { try await knownUserRefused(.postgres) }

    /// Failures of no account are recorded up to an allowance per client and minute, the rest
    /// only counted; a known account's refused token is always recorded.
    func testFailuresOfNoAccountAreRecordedUpToAnAllowancePerClient() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        let userID = try harness.createUser("flooded@example.com")
        let expiring = try harness.nativeTokens("flooded@example.com")
        try await harness.execute("UPDATE access_tokens SET expires_at = $1 WHERE token_hash = $2",
                                  [.integer(Int64(Date().timeIntervalSince1970) - 1), .text(Digest.sha256Hex(expiring.access))])
        // All within one minute of the server's clock.
        let second = Int(Date().timeIntervalSince1970) % 60
        if second > 50 { try await Task.sleep(nanoseconds: UInt64(61 - second) * 1_000_000_000) }
        let extra = 5
        for _ in 0 ..< UnattributedFailureSampler.perMinute + extra {
            XCTAssertEqual(try harness.get("/api/auth/me", bearer: "hla_no-such-token").status, 401)
        }
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: expiring.access).status, 401)
        let counts = { () async throws -> (anonymous: Int, account: Int) in
            (try await harness.auditActions(userID: nil).filter { $0 == "auth.bearer.failure" }.count,
             try await harness.auditActions(userID: userID).filter { $0 == "auth.bearer.failure" }.count)
        }
        let flushed = try await eventually { try await counts().account == 1 }
        XCTAssertTrue(flushed, "the known account's refusal is recorded")
        let recorded = try await counts()
        XCTAssertEqual(recorded.anonymous, UnattributedFailureSampler.perMinute)
        let metrics = try harness.metrics()
        XCTAssertTrue(metrics.contains("healthlog_auth_bearer_failures_unrecorded_total \(extra)"), metrics)
    }

    /// The header as RFC 7235 writes it (`Request.bearerCredential`): any case of the scheme and
    /// any number of spaces before the token work; a value that is no single token is refused as
    /// malformed, without looking anything up.
    func testTheAuthorizationHeaderIsReadAsRFC7235WritesIt() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("header@example.com")
        let access = try harness.nativeTokens("header@example.com").access
        for header in ["Authorization: bearer \(access)", "Authorization: Bearer   \(access)"] {
            XCTAssertEqual(try http("GET", harness.url + "/api/auth/me", headers: [header]).status, 200, header)
        }
        for header in ["Authorization: Bearer \(access) extra", "Authorization: Basic \(access)", "Authorization: \(access)"] {
            XCTAssertEqual(try http("GET", harness.url + "/api/auth/me", headers: [header]).status, 401, header)
        }
        let flushed = try await eventually {
            let details = try await harness.database.read { connection in
                try connection.query("SELECT details FROM audit_log WHERE action = 'auth.bearer.failure'")
                    .map { try $0.decode(String.self, "details") }
            }
            return details == Array(repeating: #"{"reason":"malformed"}"#, count: 3)
        }
        XCTAssertTrue(flushed, "three malformed-header audit rows")
    }

    private func knownUserRefused(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("seen@example.com")
        let expiring = try harness.nativeTokens("seen@example.com")
        let revoking = try harness.nativeTokens("seen@example.com")
        try await harness.execute("UPDATE access_tokens SET expires_at = $1 WHERE token_hash = $2",
                                  [.integer(Int64(Date().timeIntervalSince1970) - 1), .text(Digest.sha256Hex(expiring.access))])
        XCTAssertEqual(try harness.refresh(revoking.refresh, revoke: true).status, 200)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: expiring.access).status, 401)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: revoking.access).status, 401)
        let reasons = { () async throws -> [String] in
            try await harness.database.read { connection in
                try connection.query("SELECT details FROM audit_log WHERE action = 'auth.bearer.failure' AND user_id = $1 ORDER BY id",
                                     userID).map { try $0.decode(String.self, "details") }
            }
        }
        let flushed = try await eventually { try await reasons().count == 2 }
        XCTAssertTrue(flushed, "the refusals were not recorded under the account")
        let recorded = try await reasons()
        XCTAssertEqual(recorded, [#"{"reason":"expired"}"#, #"{"reason":"revoked"}"#])
    }

    private func refreshAsBearer(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("self5@example.com")
        let tokens = try harness.nativeTokens("self5@example.com")
        let refused = try harness.get("/api/auth/me", bearer: tokens.refresh)
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.errorCode, "auth.unauthorized")
        XCTAssertTrue(refused.json["data"] is NSNull)
        XCTAssertEqual(refused.header("WWW-Authenticate"), "Bearer")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.access).status, 200)
        XCTAssertEqual(try harness.refresh(tokens.refresh).status, 200, "the refused bearer attempt did not consume it")
    }

    private func bearerAudit(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("audit@example.com")
        let tokens = try harness.nativeTokens("audit@example.com")
        for _ in 0..<3 { XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.access).status, 200) }
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: "hla_not-a-real-token").status, 401)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.refresh).status, 401)
        let flushed = try await eventually {
            let mine = try await harness.auditActions(userID: userID).filter { $0 == "auth.bearer.success" }.count
            let anonymous = try await harness.auditActions(userID: nil).filter { $0 == "auth.bearer.failure" }.count
            return mine == 3 && anonymous == 2
        }
        XCTAssertTrue(flushed, "bearer audit rows never reached the database")
        let reasons = try await harness.database.read { connection in
            try connection.query("SELECT details FROM audit_log WHERE action = 'auth.bearer.failure' ORDER BY id")
                .map { try $0.decode(String.self, "details") }
        }
        XCTAssertEqual(reasons, [#"{"reason":"invalid"}"#, #"{"reason":"refresh_token"}"#])
    }

    private func expiredAccess(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("old@example.com")
        let tokens = try harness.nativeTokens("old@example.com")
        try await harness.execute("UPDATE access_tokens SET expires_at = $1", [.integer(Int64(Date().timeIntervalSince1970))])
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.access).status, 401)
        XCTAssertEqual(try harness.get("/api/auth/me").status, 401, "no credentials at all")
    }
}
