import Foundation
@testable import HealthLogAPI
import HTTPServer
import Secrets
import XCTest

/// The hourly pruning task: long-expired tokens, empty families, finished throttle windows and
/// audit rows beyond the retention go; everything still meaningful stays.
final class RetentionPrunerTests: XCTestCase {
    func testPruningDeletesOnlyWhatIsPastItsRetentionOnSQLite() async throws { try await prune(.sqlite) }
    func testPruningDeletesOnlyWhatIsPastItsRetentionOnPostgres() async throws { try await prune(.postgres) }

    private func prune(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("old@example.com")
        let stale = try harness.nativeTokens("old@example.com")
        let fresh = try harness.nativeTokens("old@example.com")
        XCTAssertEqual(try harness.login("old@example.com", password: "typo").status, 401)
        let now = Int64(Date().timeIntervalSince1970), day: Int64 = 24 * 3600
        for token in [stale.refresh, stale.access] {
            for table in ["refresh_tokens", "access_tokens"] {
                try await harness.execute("UPDATE \(table) SET expires_at = $1 WHERE token_hash = $2",
                                          [.integer(now - 31 * day), .text(Digest.sha256Hex(token))])
            }
        }
        try await harness.execute("UPDATE token_families SET created_at = $1", [.integer(now - 61 * day)])
        try await harness.execute("UPDATE login_throttle SET window_started_at = $1", [.integer(now - 16 * 60)])
        try await harness.execute("UPDATE audit_log SET created_at = $1 WHERE action = 'auth.login.failed'", [.integer(now - 401 * day)])
        try await harness.execute("UPDATE audit_log SET created_at = $1 WHERE action = 'auth.login.password'", [.integer(now - 399 * day)])

        try await RetentionPruner(database: harness.database, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
            .prune(now: now)

        XCTAssertEqual(try harness.refresh(stale.refresh).meta["reason"] as? String, "unknown", "the expired family is gone")
        XCTAssertEqual(try harness.refresh(fresh.refresh).status, 200, "the live family stays")
        let counts = try await harness.database.read { connection in
            try ["token_families", "login_throttle"].map { table in
                try connection.queryFirst("SELECT count(*) AS n FROM \(table)")?.decode(Int.self, "n") ?? -1
            }
        }
        XCTAssertEqual(counts, [1, 1], "one family left; only the refresh attempt just made is counted")
        let actions = try await harness.auditActions(userID: userID)
        XCTAssertFalse(actions.contains("auth.login.failed"), "older than 400 days: \(actions)")
        XCTAssertEqual(actions.filter { $0 == "auth.login.password" }.count, 2, "399 days old stays")
    }
}
