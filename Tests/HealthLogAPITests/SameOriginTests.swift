import Foundation
import Storage
import XCTest

/// Cross-site request forgery over real HTTP: a write signed in with the session cookie counts
/// only from this server's own pages (a matching `Origin`, or `Sec-Fetch-Site: same-origin`);
/// bearer requests, which no browser sends by itself, are not checked.
final class SameOriginTests: XCTestCase {
    func testCookieWritesFromAnotherSiteAreRefusedAndChangeNothingOnSQLite() async throws { try await foreignWrites(.sqlite) }
    func testCookieWritesFromAnotherSiteAreRefusedAndChangeNothingOnPostgres() async throws { try await foreignWrites(.postgres) }
    func testCookieWritesFromTheSitesOwnPagesWorkOnSQLite() async throws { try await sameOriginWrites(.sqlite) }
    func testCookieWritesFromTheSitesOwnPagesWorkOnPostgres() async throws { try await sameOriginWrites(.postgres) }

    private static let drain = "/api/admin/drain-per-sample-cumulative", flags = "/api/admin/settings/assistant-flags"
    private static let steps = "HKQuantityTypeIdentifierStepCount"

    /// An admin with a browser session, and one per-sample step count the drain would fold.
    private func seeded(_ backend: TestBackend) async throws -> (HealthLogHarness, cookie: String, userID: String) {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("admin@example.com", role: .admin)
        try await harness.database.insertMeasurement(user: userID, type: "steps", hk: Self.steps, value: 100, unit: "count",
                                                     at: 1_778_904_000)
        return (harness, try harness.browserSession("admin@example.com"), userID)
    }

    private func liveSamples(_ harness: HealthLogHarness) async throws -> Int {
        try await harness.database.read { connection in
            try connection.queryFirst("""
                SELECT COUNT(*) AS n FROM measurements WHERE deleted_at IS NULL AND external_id NOT LIKE 'stats:%'
                """)?.decode(Int.self, "n") ?? -1
        }
    }

    private func coachSwitch(_ harness: HealthLogHarness, cookie: String) throws -> Bool? {
        let flags = try http("GET", harness.url + "/api/feature-flags", cookie: cookie, userAgent: UserAgents.browser,
                             headers: ["Origin: https://evil.example"])
        XCTAssertEqual(flags.status, 200, "reads are not checked: \(flags.body)")
        return (flags.data["assistant"] as? [String: Any])?["coach"] as? Bool
    }

    private func foreignWrites(_ backend: TestBackend) async throws {
        let (harness, cookie, _) = try await seeded(backend)
        let refusals: [[String]] = [
            ["Origin: https://evil.example"],
            ["Origin: null"],
            ["Origin: http://127.0.0.1.evil.example"],
            ["Sec-Fetch-Site: cross-site"],
            ["Sec-Fetch-Site: same-site"],
            ["Origin: \(harness.url)", "Sec-Fetch-Site: cross-site"],
            [],
        ]
        for headers in refusals {
            let drained = try http("POST", harness.url + Self.drain, cookie: cookie, userAgent: UserAgents.browser, headers: headers)
            XCTAssertEqual(drained.status, 403, "\(headers): \(drained.body)")
            XCTAssertEqual(drained.errorCode, "auth.cross_origin", "\(headers)")
            let flagged = try http("PUT", harness.url + Self.flags, json: #"{"coach":false}"#, cookie: cookie,
                                   userAgent: UserAgents.browser, headers: headers)
            XCTAssertEqual(flagged.status, 403, "\(headers): \(flagged.body)")
        }
        let samples = try await liveSamples(harness)
        XCTAssertEqual(samples, 1, "the drain did not run")
        XCTAssertEqual(try coachSwitch(harness, cookie: cookie), true, "no switch was flipped")
        XCTAssertEqual(try harness.get("/api/auth/me", cookie: cookie).status, 200, "the session itself is fine")
    }

    private func sameOriginWrites(_ backend: TestBackend) async throws {
        let (harness, cookie, _) = try await seeded(backend)
        let flagged = try http("PUT", harness.url + Self.flags, json: #"{"coach":false}"#, cookie: cookie,
                               userAgent: UserAgents.browser, headers: ["Origin: \(harness.url)", "Sec-Fetch-Site: same-origin"])
        XCTAssertEqual(flagged.status, 200, flagged.body)
        XCTAssertEqual(try coachSwitch(harness, cookie: cookie), false)
        let fetchMetadataOnly = try http("PUT", harness.url + Self.flags, json: #"{"coach":true}"#, cookie: cookie,
                                         userAgent: UserAgents.browser, headers: ["Sec-Fetch-Site: same-origin"])
        XCTAssertEqual(fetchMetadataOnly.status, 200, fetchMetadataOnly.body)
        // Behind a TLS-terminating proxy the page's origin is https, with the default port left out.
        let proxied = try http("PUT", harness.url + Self.flags, json: #"{"coach":true}"#, cookie: cookie, userAgent: UserAgents.browser,
                               headers: ["Origin: https://example.org", "Host: example.org:443", "X-Forwarded-Proto: https"])
        XCTAssertEqual(proxied.status, 200, "behind a proxy: \(proxied.body)")

        let admin = try harness.nativeTokens("admin@example.com").access
        let bearer = try http("POST", harness.url + Self.drain, bearer: admin, headers: ["Origin: https://evil.example"])
        XCTAssertEqual(bearer.status, 200, "bearer requests are not checked: \(bearer.body)")
        let samples = try await liveSamples(harness)
        XCTAssertEqual(samples, 0, "the drain ran")
    }
}
