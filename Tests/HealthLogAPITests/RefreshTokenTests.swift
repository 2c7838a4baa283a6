import Storage
import XCTest

/// POST /api/auth/refresh over real HTTP: rotation, revoke, reuse detection (RFC 9700 §4.14.2)
/// and the reasons a refused token reports.
final class RefreshTokenTests: XCTestCase {
    func testRotationGivesANewPairAndTheOldRefreshTokenThenFailsOnSQLite() async throws { try await rotation(.sqlite) }
    func testRotationGivesANewPairAndTheOldRefreshTokenThenFailsOnPostgres() async throws { try await rotation(.postgres) }
    func testRevokeTrueEndsTheWholeFamilyOnSQLite() async throws { try await revoke(.sqlite) }
    func testRevokeTrueEndsTheWholeFamilyOnPostgres() async throws { try await revoke(.postgres) }
    func testReusingAConsumedTokenRevokesTheFamilyAndItsAccessTokensOnSQLite() async throws { try await reuse(.sqlite) }
    func testReusingAConsumedTokenRevokesTheFamilyAndItsAccessTokensOnPostgres() async throws { try await reuse(.postgres) }
    func testExpiredAndUnknownTokensAre401WithTheirReasonOnSQLite() async throws { try await expiredAndUnknown(.sqlite) }
    func testExpiredAndUnknownTokensAre401WithTheirReasonOnPostgres() async throws { try await expiredAndUnknown(.postgres) }
    func testOtherFamiliesSurviveAReuseRevocationOnSQLite() async throws { try await familiesAreIndependent(.sqlite) }
    func testOtherFamiliesSurviveAReuseRevocationOnPostgres() async throws { try await familiesAreIndependent(.postgres) }

    func testConcurrentRefreshesWithOneTokenRotateAtMostOnceOnSQLite() async throws { try await race(.sqlite) }
    func testConcurrentRefreshesWithOneTokenRotateAtMostOnceOnPostgres() async throws { try await race(.postgres) }

    private func race(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("race@example.com")
        let token = try harness.nativeTokens("race@example.com").refresh
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 { group.addTask { try harness.refresh(token).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 1, "\(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 401 }.count, 5, "\(statuses)")
        let live = try await harness.database.read { connection in
            try connection.queryFirst("SELECT count(*) AS n FROM refresh_tokens WHERE revoked_at IS NULL AND consumed_at IS NULL")?
                .decode(Int.self, "n")
        }
        XCTAssertEqual(live, 0, "the losers' presentations count as reuse and end the family")
    }

    private func rotation(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("rot@example.com")
        let first = try harness.nativeTokens("rot@example.com")
        let rotated = try harness.refresh(first.refresh)
        XCTAssertEqual(rotated.status, 200, rotated.body)
        let access = try XCTUnwrap(rotated.data["accessToken"] as? String)
        let refresh = try XCTUnwrap(rotated.data["refreshToken"] as? String)
        XCTAssertTrue(access.hasPrefix("hla_") && refresh.hasPrefix("hlr_"))
        XCTAssertNotEqual(access, first.access)
        XCTAssertNotEqual(refresh, first.refresh)
        XCTAssertEqual(rotated.data["tokenType"] as? String, "Bearer")
        XCTAssertEqual(rotated.data["revoked"] as? Bool, false)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: access).status, 200)

        let again = try harness.refresh(first.refresh)
        XCTAssertEqual(again.status, 401)
        XCTAssertEqual(again.errorCode, "auth.token.refresh.failed")
        XCTAssertEqual(again.meta["reason"] as? String, "reuse", "the response names the reason as the audit row does")
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertTrue(actions.contains("auth.token.refresh"), "\(actions)")
        XCTAssertEqual(actions.last, "auth.token.refresh.failed")
        let reason = try await harness.database.read { connection in
            try connection.queryFirst("SELECT details FROM audit_log WHERE action = 'auth.token.refresh.failed'")?.decode(String.self, "details")
        }
        XCTAssertEqual(reason, #"{"reason":"reuse"}"#)
    }

    private func revoke(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("rev@example.com")
        let first = try harness.nativeTokens("rev@example.com")
        let second = try harness.refresh(first.refresh)
        let latest = try XCTUnwrap(second.data["refreshToken"] as? String)
        let latestAccess = try XCTUnwrap(second.data["accessToken"] as? String)

        let revoked = try harness.refresh(latest, revoke: true)
        XCTAssertEqual(revoked.status, 200, revoked.body)
        XCTAssertEqual(revoked.data["revoked"] as? Bool, true)
        XCTAssertTrue(revoked.data["refreshToken"] is NSNull)
        XCTAssertEqual(try harness.refresh(latest).meta["reason"] as? String, "revoked")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: latestAccess).status, 401)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: first.access).status, 401)
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertTrue(actions.contains("auth.token.refresh.revoke"), "\(actions)")
    }

    private func reuse(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("reuse@example.com")
        let stolen = try harness.nativeTokens("reuse@example.com")
        let legitimate = try harness.refresh(stolen.refresh)
        let newestRefresh = try XCTUnwrap(legitimate.data["refreshToken"] as? String)
        let newestAccess = try XCTUnwrap(legitimate.data["accessToken"] as? String)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: newestAccess).status, 200)

        let replay = try harness.refresh(stolen.refresh)
        XCTAssertEqual(replay.status, 401)
        XCTAssertEqual(replay.meta["reason"] as? String, "reuse")
        let afterReuse = try harness.refresh(newestRefresh)
        XCTAssertEqual(afterReuse.status, 401, "the newest refresh token of the family must die too")
        XCTAssertEqual(afterReuse.meta["reason"] as? String, "revoked")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: newestAccess).status, 401, "and its access token")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: stolen.access).status, 401)
    }

    private func expiredAndUnknown(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("exp@example.com")
        let tokens = try harness.nativeTokens("exp@example.com")
        try await harness.execute("UPDATE refresh_tokens SET expires_at = $1", [.integer(Int64(Date().timeIntervalSince1970) - 1)])
        let expired = try harness.refresh(tokens.refresh)
        XCTAssertEqual(expired.status, 401)
        XCTAssertEqual(expired.errorCode, "auth.token.refresh.failed")
        XCTAssertEqual(expired.meta["reason"] as? String, "expired")
        let unknown = try harness.refresh("hlr_" + String(repeating: "A", count: 43))
        XCTAssertEqual(unknown.meta["reason"] as? String, "unknown")
        XCTAssertEqual(try harness.refresh(tokens.access).meta["reason"] as? String, "unknown", "an access token is not a refresh token")
        let unknownAudit = try await harness.auditActions(userID: nil)
        XCTAssertEqual(unknownAudit.filter { $0 == "auth.token.refresh.failed" }.count, 2)
    }

    private func familiesAreIndependent(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("two@example.com")
        let phone = try harness.nativeTokens("two@example.com")
        let tablet = try harness.nativeTokens("two@example.com")
        _ = try harness.refresh(phone.refresh)
        XCTAssertEqual(try harness.refresh(phone.refresh).status, 401)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tablet.access).status, 200)
        XCTAssertEqual(try harness.refresh(tablet.refresh).status, 200, "another login's family is untouched")
    }
}
