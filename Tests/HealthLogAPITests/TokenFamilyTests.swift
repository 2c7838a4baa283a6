import Foundation
import XCTest

/// Token families as units: a revoke racing a rotation never leaves the successor alive (the
/// family row lock plus the family-level revocation), and logout (`revoke: true`) works with a
/// consumed or expired token of the family.
final class TokenFamilyTests: XCTestCase {
    func testRevokeRacingARotationLeavesNoLiveSuccessorOnSQLite() async throws { try await race(.sqlite) }
    func testRevokeRacingARotationLeavesNoLiveSuccessorOnPostgres() async throws { try await race(.postgres) }
    func testRevokeWithAConsumedTokenEndsTheFamilyOnSQLite() async throws { try await revokeConsumed(.sqlite) }
    func testRevokeWithAConsumedTokenEndsTheFamilyOnPostgres() async throws { try await revokeConsumed(.postgres) }
    func testRevokeWithAnExpiredTokenEndsTheFamilyOnSQLite() async throws { try await revokeExpired(.sqlite) }
    func testRevokeWithAnExpiredTokenEndsTheFamilyOnPostgres() async throws { try await revokeExpired(.postgres) }

    private func race(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("race@example.com")
        for round in 1...12 {
            let tokens = try harness.nativeTokens("race@example.com")
            let (rotation, revocation) = try await withThrowingTaskGroup(of: (Bool, HTTPResult).self) { group in
                group.addTask { (false, try harness.refresh(tokens.refresh)) }
                group.addTask { (true, try harness.refresh(tokens.refresh, revoke: true)) }
                var results: [Bool: HTTPResult] = [:]
                for try await (isRevoke, result) in group { results[isRevoke] = result }
                return (try XCTUnwrap(results[false]), try XCTUnwrap(results[true]))
            }
            XCTAssertEqual(revocation.status, 200, "round \(round): logout always succeeds: \(revocation.body)")
            guard rotation.status == 200 else {
                XCTAssertEqual(rotation.meta["reason"] as? String, "revoked", "round \(round)")
                continue
            }
            let successor = try XCTUnwrap(rotation.data["refreshToken"] as? String)
            let access = try XCTUnwrap(rotation.data["accessToken"] as? String)
            XCTAssertEqual(try harness.refresh(successor).status, 401, "round \(round): the successor outlived the revoke")
            XCTAssertEqual(try harness.get("/api/auth/me", bearer: access).status, 401, "round \(round): its access token too")
        }
    }

    private func revokeConsumed(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("out@example.com")
        let first = try harness.nativeTokens("out@example.com")
        let rotated = try harness.refresh(first.refresh)
        let latest = try XCTUnwrap(rotated.data["refreshToken"] as? String)
        let latestAccess = try XCTUnwrap(rotated.data["accessToken"] as? String)

        let logout = try harness.refresh(first.refresh, revoke: true)
        XCTAssertEqual(logout.status, 200, logout.body)
        XCTAssertEqual(logout.data["revoked"] as? Bool, true)
        XCTAssertEqual(try harness.refresh(latest).meta["reason"] as? String, "revoked")
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: latestAccess).status, 401)
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertTrue(actions.contains("auth.token.refresh.revoke"), "\(actions)")
    }

    private func revokeExpired(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("late@example.com")
        let tokens = try harness.nativeTokens("late@example.com")
        try await harness.execute("UPDATE refresh_tokens SET expires_at = $1", [.integer(Int64(Date().timeIntervalSince1970) - 60)])
        let logout = try harness.refresh(tokens.refresh, revoke: true)
        XCTAssertEqual(logout.status, 200, logout.body)
        XCTAssertEqual(logout.data["revoked"] as? Bool, true)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.access).status, 401, "the family's access token ends too")
    }
}
