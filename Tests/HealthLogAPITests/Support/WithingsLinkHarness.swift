import FakeWithings
import Foundation
@testable import HealthLogAPI
import XCTest

/// A HealthLog server configured for Withings against a `FakeWithingsServer`, and one user who
/// linked their Withings account through the real connect → callback flow.
struct WithingsLinkHarness {
    static let webhookSecret = "whk-0123456789abcdef-secret"
    static let tokenKey = String(repeating: "0123456789abcdef", count: 4)
    static let withingsUserID: Int64 = 4242
    static let form = "Content-Type: application/x-www-form-urlencoded"

    let harness: HealthLogHarness
    let fake: FakeWithingsServer
    let bearer: String
    let userID: String

    static func environment(apiBase: String) -> [String: String] {
        [WithingsWebhookSettings.secretVariable: webhookSecret, WithingsLinkSettings.clientIDVariable: "client-id",
         WithingsLinkSettings.clientSecretVariable: "client-secret-value",
         WithingsLinkSettings.callbackURLVariable: "https://healthlog.example/api/withings/callback",
         WithingsLinkSettings.apiBaseVariable: apiBase, WithingsLinkSettings.tokenKeyVariable: tokenKey]
    }

    /// Starts both servers and signs a user in; `link` also runs the OAuth flow for them.
    static func start(_ test: XCTestCase, _ backend: TestBackend, link: Bool = true,
                      fake given: FakeWithingsServer? = nil) async throws -> WithingsLinkHarness {
        let fake = try given ?? FakeWithingsServer()
        test.addTeardownBlock { await fake.stop() }
        let harness = try await HealthLogHarness.start(test, backend, environment: environment(apiBase: fake.url))
        let userID = try harness.createUser("scale@example.com")
        let bearer = try harness.nativeTokens("scale@example.com").access
        let linked = WithingsLinkHarness(harness: harness, fake: fake, bearer: bearer, userID: userID)
        if link {
            let answer = try linked.callback(code: fake.grantCode(userID: withingsUserID), state: try linked.connectState())
            XCTAssertEqual(answer.status, 200, answer.body)
            XCTAssertEqual(answer.data["status"] as? String, "linked")
        }
        return linked
    }

    /// `GET /api/withings/connect` and the `state` of the authorization URL it returns.
    func connectState() throws -> String { try Self.connectState(harness.url, bearer: bearer) }

    /// The same, from the server at `url` (a `ServiceProcess`, say).
    static func connectState(_ url: String, bearer: String) throws -> String {
        let answer = try http("GET", url + "/api/withings/connect", bearer: bearer)
        XCTAssertEqual(answer.status, 200, answer.body)
        let url = try XCTUnwrap(URLComponents(string: try XCTUnwrap(answer.data["authorizationURL"] as? String)))
        XCTAssertEqual(url.queryItems?.first { $0.name == "redirect_uri" }?.value, "https://healthlog.example/api/withings/callback")
        return try XCTUnwrap(url.queryItems?.first { $0.name == "state" }?.value)
    }

    func callback(code: String, state: String) throws -> HTTPResult { try Self.callback(harness.url, code: code, state: state) }

    static func callback(_ url: String, code: String, state: String) throws -> HTTPResult {
        try http("GET", url + "/api/withings/callback?code=\(code)&state=\(state)")
    }

    /// Withings' Notify callback for a data window of the linked user.
    func notify(appli: Int = 1, start: Int64, end: Int64) throws -> HTTPResult {
        try Self.notify(harness.url, appli: appli, start: start, end: end)
    }

    static func notify(_ url: String, appli: Int = 1, start: Int64, end: Int64) throws -> HTTPResult {
        try http("POST", url + "/api/withings/webhook/\(webhookSecret)", headers: [form],
                 body: "userid=\(withingsUserID)&appli=\(appli)&startdate=\(start)&enddate=\(end)")
    }

    /// The statuses of the notification queue, oldest first.
    func notificationStatuses() async throws -> [String] {
        try await harness.database.read { connection in
            try connection.query("SELECT status FROM withings_notifications ORDER BY received_at, id").map { try $0.decode(String.self, "status") }
        }
    }

    /// Waits until every notification is `fetched` or `failed`, and returns the statuses.
    func settledNotifications(count: Int, timeout: TimeInterval = 10) async throws -> [String] {
        var statuses: [String] = []
        _ = try await eventually(timeout: timeout) {
            statuses = try await notificationStatuses()
            return statuses.count == count && statuses.allSatisfy { $0 == "fetched" || $0 == "failed" }
        }
        return statuses
    }

    /// The user's measurements of 2026-05-16 (their calendar), via `GET /api/measurements`.
    func measurements() throws -> [[String: Any]] { try Self.measurements(harness.url, bearer: bearer) }

    static func measurements(_ url: String, bearer: String) throws -> [[String: Any]] {
        let answer = try http("GET", url + "/api/measurements?from=2026-05-16&to=2026-05-17", bearer: bearer)
        XCTAssertEqual(answer.status, 200, answer.body)
        return answer.data["items"] as? [[String: Any]] ?? []
    }

    func linkStatus() throws -> [String: Any] {
        let answer = try harness.get("/api/withings/link", bearer: bearer)
        XCTAssertEqual(answer.status, 200, answer.body)
        return answer.data
    }
}
