import FakeWithings
import Foundation
@testable import HealthLogAPI
import Storage
import TestHTTPClients
import XCTest

/// Linking a Withings account over real HTTP against a fake Withings on loopback: the one-time
/// state, tokens sealed at rest, the Notify subscription, unlinking, and the 503 of a server
/// without a client id.
final class WithingsLinkTests: XCTestCase {
    func testLinkSubscribesAndSealsTheTokensOnSQLite() async throws { try await linkSealsTokens(.sqlite) }
    func testLinkSubscribesAndSealsTheTokensOnPostgres() async throws { try await linkSealsTokens(.postgres) }
    func testUnknownExpiredOrReusedStateIs400AndStoresNothingOnSQLite() async throws { try await stateRules(.sqlite) }
    func testUnknownExpiredOrReusedStateIs400AndStoresNothingOnPostgres() async throws { try await stateRules(.postgres) }
    func testUnlinkRevokesAndForgetsTheTokensOnSQLite() async throws { try await unlink(.sqlite) }
    func testUnlinkRevokesAndForgetsTheTokensOnPostgres() async throws { try await unlink(.postgres) }

    func testDeletingTheAccountRevokesTheSubscriptionsOnSQLite() async throws { try await accountDeletion(.sqlite) }
    func testDeletingTheAccountRevokesTheSubscriptionsOnPostgres() async throws { try await accountDeletion(.postgres) }
    func testOperatorDeletionRevokesTheSubscriptionsOnSQLite() async throws { try await operatorDeletion(.sqlite) }
    func testOperatorDeletionRevokesTheSubscriptionsOnPostgres() async throws { try await operatorDeletion(.postgres) }

    func testWithoutClientIDTheRoutesAre503AndTheWebhookStillQueues() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite,
                                                       environment: [WithingsWebhookSettings.secretVariable: WithingsLinkHarness.webhookSecret])
        try harness.createUser("plain@example.com")
        let bearer = try harness.nativeTokens("plain@example.com").access
        for (method, path) in [("GET", "/api/withings/connect"), ("GET", "/api/withings/link"), ("DELETE", "/api/withings/link"),
                               ("GET", "/api/withings/callback?code=c&state=s")] {
            let answer = try http(method, harness.url + path, bearer: bearer)
            XCTAssertEqual(answer.status, 503, "\(method) \(path): \(answer.body)")
            XCTAssertEqual(answer.errorCode, "withings.not_configured", path)
        }
        let queued = try http("POST", harness.url + "/api/withings/webhook/\(WithingsLinkHarness.webhookSecret)",
                              headers: [WithingsLinkHarness.form], body: "userid=1&appli=1&startdate=1&enddate=2")
        XCTAssertEqual(queued.data["status"] as? String, "queued", queued.body)
    }

    func testAMissingOrMalformedTokenKeyStopsStartUp() async throws {
        for key in [nil, "abc", String(repeating: "zz", count: 32)] {
            var environment = WithingsLinkHarness.environment(apiBase: "http://127.0.0.1:1")
            environment[WithingsLinkSettings.tokenKeyVariable] = key
            do {
                _ = try await HealthLogHarness.start(self, .sqlite, environment: environment)
                XCTFail("started with token key \(key ?? "nil")")
            } catch let error as WithingsLinkSettings.Invalid {
                XCTAssertTrue(error.description.contains(WithingsLinkSettings.tokenKeyVariable), error.description)
            }
        }
    }

    private func linkSealsTokens(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        XCTAssertEqual(Set(linked.fake.subscriptions.map(\.appli)), [1, 2, 4])
        XCTAssertEqual(Set(linked.fake.subscriptions.map(\.callbackURL)),
                       ["https://healthlog.example/api/withings/webhook/\(WithingsLinkHarness.webhookSecret)"])
        let status = try linked.linkStatus()
        XCTAssertEqual(status["status"] as? String, "linked")
        XCTAssertNotNil(status["linkedAt"] as? String)
        // Every stored column, as text: no token Withings issued appears in it.
        let stored = try await linked.harness.database.read { connection in
            try connection.query("""
                SELECT CAST(withings_user_id AS TEXT) || '|' || user_id || '|' || access_token_sealed || '|' || refresh_token_sealed AS line
                FROM withings_accounts
                """).map { try $0.decode(String.self, "line") }
        }
        XCTAssertEqual(stored.count, 1)
        let issued = linked.fake.issuedTokens
        XCTAssertEqual(issued.count, 2)
        for token in issued { XCTAssertFalse(stored[0].contains(token), "token stored readable") }
        if backend == .sqlite {
            let file = try Data(contentsOf: URL(fileURLWithPath: linked.harness.databaseURL))
            let wal = (try? Data(contentsOf: URL(fileURLWithPath: linked.harness.databaseURL + "-wal"))) ?? Data()
            for token in issued {
                XCTAssertNil(file.range(of: Data(token.utf8)), "token readable in the database file")
                XCTAssertNil(wal.range(of: Data(token.utf8)), "token readable in the write-ahead log")
            }
        }
    }

    private func stateRules(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend, link: false)
        let unknown = try linked.callback(code: linked.fake.grantCode(userID: 1), state: "made-up-state")
        XCTAssertEqual(unknown.status, 400, unknown.body)
        XCTAssertEqual(unknown.errorCode, "withings.invalid_state")

        let expiring = try linked.connectState()
        try await linked.harness.execute("UPDATE withings_link_states SET expires_at = $1", [.integer(Clock.now() - 1)])
        let expired = try linked.callback(code: linked.fake.grantCode(userID: 1), state: expiring)
        XCTAssertEqual(expired.status, 400, expired.body)
        XCTAssertEqual(expired.errorCode, "withings.invalid_state")
        XCTAssertEqual(linked.fake.calls, [], "an invalid state reached Withings")

        let state = try linked.connectState()
        XCTAssertEqual(try linked.callback(code: linked.fake.grantCode(userID: 1), state: state).status, 200)
        try await linked.harness.execute("DELETE FROM withings_accounts", [])
        let reused = try linked.callback(code: linked.fake.grantCode(userID: 1), state: state)
        XCTAssertEqual(reused.status, 400, reused.body)
        XCTAssertEqual(reused.errorCode, "withings.invalid_state")
        let accounts = try await linked.harness.database.read { try $0.query("SELECT user_id FROM withings_accounts") }
        XCTAssertEqual(accounts.count, 0, "a reused state stored a link")
    }

    private func unlink(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        let answer = try http("DELETE", linked.harness.url + "/api/withings/link", bearer: linked.bearer)
        XCTAssertEqual(answer.status, 200, answer.body)
        XCTAssertEqual(answer.data["status"] as? String, "not_linked")
        XCTAssertEqual(linked.fake.subscriptions, [])
        XCTAssertEqual(try linked.linkStatus()["status"] as? String, "not_linked")
        let accounts = try await linked.harness.database.read { try $0.query("SELECT user_id FROM withings_accounts") }
        XCTAssertEqual(accounts.count, 0)
    }

    private func accountDeletion(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        XCTAssertEqual(linked.fake.subscriptions.count, 3)
        let deleted = try http("DELETE", linked.harness.url + "/api/auth/me", json: #"{"password":"\#(HealthLogHarness.password)"}"#,
                               bearer: linked.bearer)
        XCTAssertEqual(deleted.status, 204, deleted.body)
        XCTAssertEqual(linked.fake.subscriptions, [])
        let accounts = try await linked.harness.database.read { try $0.query("SELECT user_id FROM withings_accounts") }
        XCTAssertEqual(accounts.count, 0)
    }

    /// `healthlog user delete`, the real executable, configured like the server.
    private func operatorDeletion(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        XCTAssertEqual(linked.fake.subscriptions.count, 3)
        var environment = ProcessInfo.processInfo.environment.merging(WithingsLinkHarness.environment(apiBase: linked.fake.url)) { $1 }
        environment["DATABASE_URL"] = linked.harness.databaseURL
        let result = try Subprocess.run(ServiceProcess.buildDirectory.appendingPathComponent("healthlog").path,
                                        ["user", "delete", "--email", "scale@example.com"], environment: environment)
        XCTAssertEqual(result.status, 0, String(decoding: result.error, as: UTF8.self))
        XCTAssertEqual(linked.fake.subscriptions, [])
        let accounts = try await linked.harness.database.read { try $0.query("SELECT user_id FROM withings_accounts") }
        XCTAssertEqual(accounts.count, 0)
    }
}
