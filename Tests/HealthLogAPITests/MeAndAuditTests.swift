import XCTest

/// GET /api/auth/me (fields, null-as-present, iOS dates) and GET /api/auth/me/audit paging.
final class MeAndAuditTests: XCTestCase {
    func testMeHasTheContractFieldsWithNullsPresentAndIOSDatesOnSQLite() async throws { try await me(.sqlite) }
    func testMeHasTheContractFieldsWithNullsPresentAndIOSDatesOnPostgres() async throws { try await me(.postgres) }
    func testAuditPagesWithLimitAndCursorAndShowsOnlyOwnRowsOnSQLite() async throws { try await paging(.sqlite) }
    func testAuditPagesWithLimitAndCursorAndShowsOnlyOwnRowsOnPostgres() async throws { try await paging(.postgres) }
    func testUnknownOrMalformedQueryParametersAre422WithTheirPathOnSQLite() async throws { try await strictQuery(.sqlite) }
    func testUnknownOrMalformedQueryParametersAre422WithTheirPathOnPostgres() async throws { try await strictQuery(.postgres) }

    private func me(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("me@example.com", role: .admin, timezone: "America/New_York")
        let tokens = try harness.nativeTokens("me@example.com")
        let result = try harness.get("/api/auth/me", bearer: tokens.access)
        XCTAssertEqual(result.status, 200, result.body)
        XCTAssertEqual(Set(result.data.keys), ["id", "email", "timezone", "role", "sourcePriorityJson",
                                                "researchModeAcknowledgedVersion", "lastSyncedAt", "createdAt"])
        XCTAssertEqual(result.data["id"] as? String, userID)
        XCTAssertEqual(result.data["timezone"] as? String, "America/New_York")
        XCTAssertEqual(result.data["role"] as? String, "admin")
        XCTAssertTrue(result.data["sourcePriorityJson"] is NSNull)
        XCTAssertTrue(result.data["researchModeAcknowledgedVersion"] is NSNull)
        XCTAssertTrue(result.data["lastSyncedAt"] is NSNull)
        assertIOSDate(result.data["createdAt"], "createdAt")

        try await harness.execute("UPDATE users SET last_synced_at = $1, source_priority_json = $2", [
            .integer(1_779_000_000), .text(#"{"metricPriority":{"steps":["APPLE_HEALTH","MANUAL"]}}"#)])
        let updated = try harness.get("/api/auth/me", bearer: tokens.access)
        XCTAssertEqual(updated.data["lastSyncedAt"] as? String, "2026-05-17T06:40:00Z")
        assertIOSDate(updated.data["lastSyncedAt"], "lastSyncedAt")
        let priority = try XCTUnwrap(updated.data["sourcePriorityJson"] as? [String: Any], "an object, not a string")
        XCTAssertNotNil(priority["metricPriority"])
    }

    private func paging(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("pager@example.com")
        try harness.createUser("other@example.com")
        _ = try harness.login("other@example.com", userAgent: UserAgents.browser)
        let tokens = try harness.nativeTokens("pager@example.com")
        for _ in 0..<3 { _ = try harness.refresh(try XCTUnwrap(harness.nativeTokens("pager@example.com").refresh)) }
        // 4 logins × 2 rows + 3 refreshes of mine; bearer rows may land mid-walk, but newer ids never reach later pages.
        var seen: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try harness.get("/api/auth/me/audit?limit=4" + (cursor.map { "&cursor=\($0)" } ?? ""), bearer: tokens.access)
            XCTAssertEqual(page.status, 200, page.body)
            let items = try XCTUnwrap(page.data["items"] as? [[String: Any]])
            XCTAssertLessThanOrEqual(items.count, 4)
            seen += items
            cursor = (page.data["nextCursor"] as? Int).map(String.init)
            if cursor == nil { XCTAssertTrue(page.data["nextCursor"] is NSNull) }
        } while cursor != nil
        let ids = seen.compactMap { $0["id"] as? Int }
        XCTAssertEqual(ids, ids.sorted(by: >), "newest first")
        XCTAssertEqual(Set(ids).count, ids.count, "no row twice across pages")
        let actions = seen.compactMap { $0["action"] as? String }
        XCTAssertEqual(actions.filter { $0 == "auth.login.password" }.count, 4)
        XCTAssertEqual(actions.filter { $0 == "auth.token.refresh" }.count, 3)
        for item in seen {
            assertIOSDate(item["createdAt"], "createdAt")
            XCTAssertEqual(Set(item.keys), ["id", "action", "ip", "userAgent", "details", "createdAt"])
        }
        XCTAssertEqual(seen.first { $0["action"] as? String == "auth.login.password" }?["userAgent"] as? String, UserAgents.iOS)
        XCTAssertFalse(seen.contains { ($0["details"] as? [String: Any])?["client"] as? String == "browser" },
                       "another user's rows leaked into the page")
    }

    private func strictQuery(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("q@example.com")
        let tokens = try harness.nativeTokens("q@example.com")
        for (query, path) in [("verbose=1", "verbose"), ("limit=0", "limit"), ("limit=abc", "limit"),
                              ("limit=5&limit=6", "limit"), ("cursor=-3", "cursor"), ("cursor=0", "cursor"), ("cursor=x", "cursor")] {
            let refused = try harness.get("/api/auth/me/audit?" + query, bearer: tokens.access)
            XCTAssertEqual(refused.status, 422, query)
            XCTAssertEqual(refused.errorCode, "validation.failed", query)
            XCTAssertEqual(refused.meta["path"] as? String, path, query)
        }
    }
}
