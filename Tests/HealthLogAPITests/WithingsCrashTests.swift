import FakeWithings
import Foundation
@testable import HealthLogAPI
import Storage
import TestHTTPClients
import XCTest

/// `kill -9` of a real `healthlog serve` process in the middle of a Withings fetch (one page
/// answered, the next hanging): nothing of the window is stored and the notification stays
/// `ready_to_fetch` under the dead process's claim; once the claim lapses, the restarted
/// process fetches the window again and stores each reading once.
final class WithingsCrashTests: XCTestCase {
    func testAFetchKilledBeforeItsCommitIsFetchedAgainOnceItsClaimLapsesOnSQLite() async throws { try await killedFetch(.sqlite) }
    func testAFetchKilledBeforeItsCommitIsFetchedAgainOnceItsClaimLapsesOnPostgres() async throws { try await killedFetch(.postgres) }

    private func killedFetch(_ backend: TestBackend) async throws {
        let fake = try FakeWithingsServer()
        addTeardownBlock { await fake.stop() }
        fake.addGroups(WithingsFetchTests.groups, userID: WithingsLinkHarness.withingsUserID)
        fake.fail("getmeas", with: [nil, .stall])
        let databaseURL = try makeDatabaseURL(backend)
        let environment = WithingsLinkHarness.environment(apiBase: fake.url).merging(["HEALTHLOG_PASSWORD_HASH_COST": "minimal"]) { $1 }
        let arguments = ["--database", databaseURL, "--no-access-log"]
        let first = try ServiceProcess("healthlog", arguments: arguments, environment: environment)
        let database = try Database.open(url: databaseURL, poolSize: 1)
        defer { database.close() }
        _ = try UserAccounts.create(UserAccounts.NewAccount(email: "scale@example.com", password: HealthLogHarness.password,
                                                            role: .user, timezone: "UTC"), hasher: .minimal, database: database)
        let login = try http("POST", first.url + "/api/auth/login",
                             json: #"{"email":"scale@example.com","password":"\#(HealthLogHarness.password)"}"#)
        let bearer = try XCTUnwrap(login.data["accessToken"] as? String, login.body)
        let linked = try WithingsLinkHarness.callback(first.url, code: fake.grantCode(userID: WithingsLinkHarness.withingsUserID),
                                                      state: try WithingsLinkHarness.connectState(first.url, bearer: bearer))
        XCTAssertEqual(linked.status, 200, linked.body)

        let window = WithingsFetchTests.window
        XCTAssertEqual(try WithingsLinkHarness.notify(first.url, start: window.start, end: window.end).status, 200)
        let hanging = try await eventually(timeout: 10) { fake.calls.filter { $0 == "getmeas" }.count == 2 }
        XCTAssertTrue(hanging, "the fetch never reached its second page: \(fake.calls)")
        first.killHard()

        let claimed = try await database.read { try $0.queryFirst("SELECT status, attempts, next_attempt_at FROM withings_notifications") }
        XCTAssertEqual(try claimed?.decode(String.self, "status"), "ready_to_fetch")
        XCTAssertEqual(try claimed?.decode(Int64.self, "attempts"), 1)
        XCTAssertGreaterThan(try claimed?.decode(Int64.self, "next_attempt_at") ?? 0, Clock.now(), "the dead process's claim holds")
        let leftOver = try await database.read { try $0.query("SELECT id FROM measurements") }
        XCTAssertEqual(leftOver.count, 0, "the half-fetched window left rows")

        // The claim's lease runs out (moved to now rather than waited for).
        try await database.write { try $0.execute("UPDATE withings_notifications SET next_attempt_at = $1", Clock.now()) }
        let second = try ServiceProcess("healthlog", arguments: arguments, environment: environment)
        let fetched = try await eventually(timeout: 15) {
            try await database.read { try $0.queryFirst("SELECT status FROM withings_notifications")?.decode(String.self, "status") } == "fetched"
        }
        XCTAssertTrue(fetched, "the restarted process did not fetch the row again")
        let items = try WithingsLinkHarness.measurements(second.url, bearer: bearer)
        XCTAssertEqual(items.count, WithingsFetchTests.expected.count)
        XCTAssertEqual(Set(WithingsFetchTests.summary(items)), WithingsFetchTests.expected)
        let stored = try await database.read { try $0.query("SELECT id FROM measurements WHERE source = 'WITHINGS'") }
        XCTAssertEqual(stored.count, WithingsFetchTests.expected.count)
        let attempts = try await database.read {
            try $0.queryFirst("SELECT attempts FROM withings_notifications")?.decode(Int64.self, "attempts")
        }
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(fake.calls.filter { $0 == "getmeas" }.count, 5, "two pages before the kill, three after")
        XCTAssertEqual(second.terminate(), 0)
    }
}
