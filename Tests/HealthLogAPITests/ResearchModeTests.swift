import XCTest

/// Research Mode (contract §6): the version is byte-compared, and only the exact version is stored.
final class ResearchModeTests: XCTestCase {
    func testExactVersionIsStoredAndReportedCurrentAndAnyByteDifferenceIs409OnSQLite() async throws { try await acknowledge(.sqlite) }
    func testExactVersionIsStoredAndReportedCurrentAndAnyByteDifferenceIs409OnPostgres() async throws { try await acknowledge(.postgres) }
    func testAnOlderStoredVersionIsNotCurrentOnSQLite() async throws { try await stale(.sqlite) }
    func testAnOlderStoredVersionIsNotCurrentOnPostgres() async throws { try await stale(.postgres) }

    private func acknowledge(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("rm@example.com")
        let tokens = try harness.nativeTokens("rm@example.com")
        let before = try harness.get("/api/auth/me/research-mode", bearer: tokens.access)
        XCTAssertEqual(before.status, 200, before.body)
        let version = try XCTUnwrap(before.data["currentDisclaimerVersion"] as? String)
        XCTAssertEqual(version, "2026-05-14.1")
        XCTAssertFalse((before.data["disclaimerText"] as? String ?? "").isEmpty)
        XCTAssertEqual(before.data["isAcknowledgementCurrent"] as? Bool, false)
        XCTAssertTrue(before.data["acknowledgedVersion"] is NSNull)
        XCTAssertTrue(before.data["acknowledgedAt"] is NSNull)

        // Trailing space, leading space, other digit, full-width digit, a decomposed look-alike.
        // The empty string and a 256-character one are byte differences like any other: 409, not 422.
        for wrong in ["2026-05-14.1 ", " 2026-05-14.1", "2026-05-14.2", "2026-05-14.\u{FF11}", "2026-05-14.1\u{0301}", "",
                      String(repeating: "9", count: 256)] {
            let refused = try http("POST", harness.url + "/api/auth/me/research-mode",
                                   json: #"{"acknowledgedVersion":"\#(wrong)"}"#, bearer: tokens.access)
            XCTAssertEqual(refused.status, 409, "accepted \(wrong.debugDescription)")
            XCTAssertEqual(refused.errorCode, "research_mode.version_mismatch")
        }
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.access).data["researchModeAcknowledgedVersion"] is NSNull, true)

        let accepted = try http("POST", harness.url + "/api/auth/me/research-mode",
                                json: #"{"acknowledgedVersion":"\#(version)"}"#, bearer: tokens.access)
        XCTAssertEqual(accepted.status, 200, accepted.body)
        XCTAssertEqual(accepted.data["isAcknowledgementCurrent"] as? Bool, true)
        XCTAssertEqual(accepted.data["acknowledgedVersion"] as? String, version)
        assertIOSDate(accepted.data["acknowledgedAt"], "acknowledgedAt")
        let after = try harness.get("/api/auth/me/research-mode", bearer: tokens.access)
        XCTAssertEqual(after.data["isAcknowledgementCurrent"] as? Bool, true)
        XCTAssertEqual(try harness.get("/api/auth/me", bearer: tokens.access).data["researchModeAcknowledgedVersion"] as? String, version)

        let tooLong = try http("POST", harness.url + "/api/auth/me/research-mode",
                               json: #"{"acknowledgedVersion":"\#(String(repeating: "9", count: 257))"}"#, bearer: tokens.access)
        XCTAssertEqual(tooLong.status, 422, "only the documented maxLength bounds the field")
        let extraKey = try http("POST", harness.url + "/api/auth/me/research-mode",
                                json: #"{"acknowledgedVersion":"\#(version)","accepted":true}"#, bearer: tokens.access)
        XCTAssertEqual(extraKey.status, 422)
        XCTAssertEqual(extraKey.meta["path"] as? String, "accepted")
    }

    private func stale(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("stale@example.com")
        let tokens = try harness.nativeTokens("stale@example.com")
        try await harness.execute("UPDATE users SET research_mode_acknowledged_version = $1", [.text("2026-01-02.1")])
        let status = try harness.get("/api/auth/me/research-mode", bearer: tokens.access)
        XCTAssertEqual(status.data["acknowledgedVersion"] as? String, "2026-01-02.1")
        XCTAssertEqual(status.data["isAcknowledgementCurrent"] as? Bool, false)
    }
}
