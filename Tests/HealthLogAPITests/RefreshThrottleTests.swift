import XCTest

/// Refresh attempts share the login throttle's mechanism: counted per client address before the
/// lookup, refunded on success, 429 `auth.throttled` with `Retry-After` beyond the limit.
final class RefreshThrottleTests: XCTestCase {
    func testTheThirtyFirstFailedRefreshFromOneAddressIs429OnSQLite() async throws { try await failures(.sqlite) }
    func testTheThirtyFirstFailedRefreshFromOneAddressIs429OnPostgres() async throws { try await failures(.postgres) }

    func testSuccessfulRefreshesDoNotUseUpTheBudget() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("loop@example.com")
        var token = try harness.nativeTokens("loop@example.com").refresh
        for rotation in 1...35 {
            let rotated = try harness.refresh(token)
            XCTAssertEqual(rotated.status, 200, "rotation \(rotation): \(rotated.body)")
            token = try XCTUnwrap(rotated.data["refreshToken"] as? String)
        }
    }

    private func failures(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("keep@example.com")
        let tokens = try harness.nativeTokens("keep@example.com")
        for attempt in 1...30 {
            let guess = try harness.refresh("hlr_guess\(attempt)")
            XCTAssertEqual(guess.status, 401, "attempt \(attempt)")
        }
        let throttled = try harness.refresh("hlr_guess31")
        XCTAssertEqual(throttled.status, 429)
        XCTAssertEqual(throttled.errorCode, "auth.throttled")
        XCTAssertNotNil(throttled.header("Retry-After"))
        XCTAssertEqual(try harness.refresh(tokens.refresh).status, 429, "the address waits out the window")
        let unknownRows = try await harness.auditActions(userID: nil).filter { $0 == "auth.token.refresh.failed" }.count
        XCTAssertEqual(unknownRows, 30, "a throttled attempt is not looked up")
    }
}
