import FakeWithings
import Foundation
@testable import HealthLogAPI
import HTTPServer
import Storage
import XCTest

/// The fetch worker over real HTTP against a fake Withings on loopback: a notification becomes
/// rows in `GET /api/measurements` with Withings' values decoded (`value × 10^unit`) and mapped
/// to our types and units; repeats insert nothing; tokens are refreshed before expiry and on a
/// refused access token, one refresh at a time; a refused refresh token breaks the link; a
/// fetch that dies before its commit is fetched again without duplicates.
final class WithingsFetchTests: XCTestCase {
    /// 2026-05-16T08:00:00Z and a window around that morning.
    static let morning: Int64 = 1_778_918_400
    static let window = (start: morning - 3600, end: morning + 3600)

    func testNotificationBecomesMeasurementsOnceOnSQLite() async throws { try await fetchesOnce(.sqlite) }
    func testNotificationBecomesMeasurementsOnceOnPostgres() async throws { try await fetchesOnce(.postgres) }
    func testExpiredAccessTokenIsRefreshedThenFetchedOnSQLite() async throws { try await refreshesOnRefusal(.sqlite) }
    func testExpiredAccessTokenIsRefreshedThenFetchedOnPostgres() async throws { try await refreshesOnRefusal(.postgres) }
    func testTokenNearExpiryIsRefreshedBeforeFetchingOnSQLite() async throws { try await refreshesBeforeExpiry(.sqlite) }
    func testTokenNearExpiryIsRefreshedBeforeFetchingOnPostgres() async throws { try await refreshesBeforeExpiry(.postgres) }
    func testRefusedRefreshTokenBreaksTheLinkOnSQLite() async throws { try await refusedRefresh(.sqlite) }
    func testRefusedRefreshTokenBreaksTheLinkOnPostgres() async throws { try await refusedRefresh(.postgres) }
    func testTransientWithingsFailuresAreRetriedWithBackOffOnSQLite() async throws { try await retriesAfterFailure(.sqlite) }
    func testTransientWithingsFailuresAreRetriedWithBackOffOnPostgres() async throws { try await retriesAfterFailure(.postgres) }
    func testCommitKilledAfterTheFetchIsFetchedAgainWithoutDuplicatesOnSQLite() async throws { try await killedCommit(.sqlite) }
    func testCommitKilledAfterTheFetchIsFetchedAgainWithoutDuplicatesOnPostgres() async throws { try await killedCommit(.postgres) }
    func testARowThatKeepsFailingEndsFailedWithItsReasonOnSQLite() async throws { try await keepsFailing(.sqlite) }
    func testARowThatKeepsFailingEndsFailedWithItsReasonOnPostgres() async throws { try await keepsFailing(.postgres) }
    func testNotificationsBeforeTheLinkAreFetchedOnceLinkedOnSQLite() async throws { try await unlinkedThenLinked(.sqlite) }
    func testNotificationsBeforeTheLinkAreFetchedOnceLinkedOnPostgres() async throws { try await unlinkedThenLinked(.postgres) }
    func testConcurrentRefreshesSpendTheRefreshTokenOnceOnSQLite() async throws { try await oneRefreshAtATime(.sqlite) }
    func testConcurrentRefreshesSpendTheRefreshTokenOnceOnPostgres() async throws { try await oneRefreshAtATime(.postgres) }
    func testARefreshSlowerThanItsLeaseIsStillTheOnlyOneOnSQLite() async throws { try await oneRefreshAtATime(.sqlite, slowWithings: true) }
    func testARefreshSlowerThanItsLeaseIsStillTheOnlyOneOnPostgres() async throws { try await oneRefreshAtATime(.postgres, slowWithings: true) }

    /// Six groups (three pages of two): body composition, blood pressure with heart rate, a body
    /// temperature (meastype 71), a watch heart rate, a goal (category 2) that is not a reading,
    /// and a temperature (meastype 12).
    static let groups: [FakeWithingsServer.Group] = [
        .init(id: 9001, date: morning, model: "Body+", measures: [.init(type: 1, value: 72_345, unit: -3),
                                                                  .init(type: 6, value: 215, unit: -1),
                                                                  .init(type: 5, value: 56_800, unit: -3)]),
        .init(id: 9002, date: morning + 60, model: "BPM Connect", measures: [.init(type: 10, value: 128, unit: 0),
                                                                             .init(type: 9, value: 82, unit: 0),
                                                                             .init(type: 11, value: 64, unit: 0)]),
        .init(id: 9003, date: morning + 120, model: "Thermo", measures: [.init(type: 71, value: 3685, unit: -2)]),
        .init(id: 9004, date: morning + 180, model: "ScanWatch", measures: [.init(type: 11, value: 58, unit: 0)]),
        .init(id: 9005, date: morning + 240, category: 2, measures: [.init(type: 1, value: 70_000, unit: -3)]),
        .init(id: 9006, date: morning + 300, measures: [.init(type: 12, value: 371, unit: -1)]),
    ]

    /// (type, value, unit, deviceType) of every row the six groups must become.
    static let expected: Set<String> = [
        "weight 72.345 kg scale", "body_fat 21.5 % scale", "lean_body_mass 56.8 kg scale",
        "bp_systolic 128.0 mmHg -", "bp_diastolic 82.0 mmHg -", "heart_rate 64.0 count/min -",
        "body_temperature 36.85 degC -", "heart_rate 58.0 count/min watch", "body_temperature 37.1 degC -",
    ]

    static func summary(_ items: [[String: Any]]) -> [String] {
        items.map { item in
            let value = ((item["value"] as? Double ?? .nan) * 1000).rounded() / 1000
            return "\(item["type"] as? String ?? "?") \(value) \(item["unit"] as? String ?? "?") \(item["deviceType"] as? String ?? "-")"
        }
    }

    private func fetchesOnce(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        linked.fake.addGroups(Self.groups, userID: WithingsLinkHarness.withingsUserID)
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let settled1 = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled1, ["fetched"])
        let items = try linked.measurements()
        XCTAssertEqual(Self.summary(items).count, Self.expected.count, "\(Self.summary(items))")
        XCTAssertEqual(Set(Self.summary(items)), Self.expected)
        XCTAssertTrue(items.allSatisfy { $0["source"] as? String == "WITHINGS" })
        // The day's read: the picker marks each fetched type's readings of its preferred source and device.
        let preferred = items.filter { $0["preferred"] as? Bool == true }.compactMap { $0["type"] as? String }
        XCTAssertEqual(Set(preferred), Set(items.compactMap { $0["type"] as? String }), "\(items)")
        XCTAssertEqual(linked.fake.calls.filter { $0 == "getmeas" }.count, 3, "three pages")
        XCTAssertNotNil(try linked.linkStatus()["lastDataAt"] as? String)

        // The same data announced again (another category, an overlapping window) adds nothing.
        XCTAssertEqual(try linked.notify(appli: 4, start: Self.window.start - 60, end: Self.window.end).status, 200)
        let settled2 = try await linked.settledNotifications(count: 2)
        XCTAssertEqual(settled2, ["fetched", "fetched"])
        XCTAssertEqual(try linked.measurements().count, Self.expected.count)
        let stored = try await linked.harness.database.read { try $0.query("SELECT id FROM measurements WHERE source = 'WITHINGS'") }
        XCTAssertEqual(stored.count, Self.expected.count)
    }

    private func refreshesOnRefusal(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        linked.fake.addGroups(Array(Self.groups.prefix(1)), userID: WithingsLinkHarness.withingsUserID)
        linked.fake.expireAccessTokens()
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let settled1 = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled1, ["fetched"])
        XCTAssertEqual(try linked.measurements().count, 3)
        XCTAssertEqual(linked.fake.calls.suffix(3), ["getmeas", "requesttoken:refresh_token", "getmeas"])
        XCTAssertEqual(try linked.linkStatus()["status"] as? String, "linked")
    }

    private func refreshesBeforeExpiry(_ backend: TestBackend) async throws {
        let fake = try FakeWithingsServer()
        fake.setExpiresIn(60)
        let linked = try await WithingsLinkHarness.start(self, backend, fake: fake)
        fake.setExpiresIn(10_800)
        fake.addGroups(Array(Self.groups.prefix(1)), userID: WithingsLinkHarness.withingsUserID)
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let settled1 = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled1, ["fetched"])
        XCTAssertEqual(try linked.measurements().count, 3)
        XCTAssertEqual(fake.calls.suffix(2), ["requesttoken:refresh_token", "getmeas"], "refreshed before the first call")
    }

    private func refusedRefresh(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        linked.fake.addGroups(Array(Self.groups.prefix(1)), userID: WithingsLinkHarness.withingsUserID)
        linked.fake.expireAccessTokens()
        linked.fake.revokeRefreshTokens()
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let settled1 = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled1, ["failed"])
        let status = try linked.linkStatus()
        XCTAssertEqual(status["status"] as? String, "broken")
        XCTAssertTrue((status["brokenReason"] as? String ?? "").contains("refresh token"), "\(status)")
        let reason = try await linked.harness.database.read {
            try $0.queryFirst("SELECT failure_reason FROM withings_notifications")?.decode(String?.self, "failure_reason")
        }
        XCTAssertTrue((reason ?? "").contains("broken"), reason ?? "no reason")
        XCTAssertEqual(try linked.measurements().count, 0)
    }

    private func retriesAfterFailure(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        linked.fake.addGroups(Self.groups, userID: WithingsLinkHarness.withingsUserID)
        // The first page arrives, the second dies with an HTTP 500, then Withings rate-limits:
        // nothing of the first attempt may stay, and the later attempt stores each reading once.
        linked.fake.fail("getmeas", with: [nil, .http(500), .status(601)])
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let settled1 = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled1, ["fetched"])
        XCTAssertEqual(Set(Self.summary(try linked.measurements())), Self.expected)
        XCTAssertEqual(try linked.measurements().count, Self.expected.count)
        let attempts = try await linked.harness.database.read {
            try $0.queryFirst("SELECT attempts FROM withings_notifications")?.decode(Int64.self, "attempts")
        }
        XCTAssertEqual(attempts, 3)
    }

    /// A trigger aborts the transaction that would mark the row fetched, after the readings were
    /// fetched and inserted in it: what a crash between fetch and commit leaves behind.
    private func killedCommit(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        linked.fake.addGroups(Self.groups, userID: WithingsLinkHarness.withingsUserID)
        let (install, remove) = backend == .sqlite ? ("""
            CREATE TRIGGER kill_fetch_commit BEFORE UPDATE OF status ON withings_notifications
            WHEN NEW.status = 'fetched' BEGIN SELECT RAISE(ABORT, 'killed before commit'); END
            """, "DROP TRIGGER kill_fetch_commit") : ("""
            CREATE FUNCTION kill_fetch_commit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.status = 'fetched' THEN RAISE EXCEPTION 'killed before commit'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER kill_fetch_commit BEFORE UPDATE ON withings_notifications
            FOR EACH ROW EXECUTE FUNCTION kill_fetch_commit();
            """, "DROP TRIGGER kill_fetch_commit ON withings_notifications")
        try await linked.harness.database.write { try $0.executeScript(install) }
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let killed = try await eventually {
            try await linked.harness.database.read {
                try $0.queryFirst("SELECT failure_reason FROM withings_notifications")?.decode(String?.self, "failure_reason")
            }?.contains("killed before commit") == true
        }
        XCTAssertTrue(killed, "the commit was never attempted")
        let leftOver = try await linked.harness.database.read { try $0.query("SELECT id FROM measurements") }
        XCTAssertEqual(leftOver.count, 0, "a killed commit left rows")
        try await linked.harness.database.write { try $0.executeScript(remove) }
        let settled = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled, ["fetched"])
        XCTAssertEqual(Set(Self.summary(try linked.measurements())), Self.expected)
        XCTAssertEqual(try linked.measurements().count, Self.expected.count)
        // Fetched again after the killed commit (more than twice if a retry came before the trigger went).
        let pages = linked.fake.calls.filter { $0 == "getmeas" }.count
        XCTAssertTrue(pages >= 6 && pages % 3 == 0, "\(pages) getmeas calls")
    }

    /// Withings rate-limits every call: each attempt backs off, and the last one ends `failed`
    /// with the reason. A worker allowed two attempts is driven past the back-off by its clock.
    private func keepsFailing(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        linked.fake.fail("getmeas", with: Array(repeating: .status(601), count: 50))
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let retried = try await eventually {
            try await linked.harness.database.read {
                try $0.queryFirst("SELECT attempts, failure_reason FROM withings_notifications WHERE status = 'ready_to_fetch'")
            }.map { try $0.decode(Int64.self, "attempts") >= 1 && $0.decode(String?.self, "failure_reason") != nil } ?? false
        }
        XCTAssertTrue(retried, "no attempt was recorded")
        let settings = try XCTUnwrap(try WithingsLinkSettings(environment: WithingsLinkHarness.environment(apiBase: linked.fake.url)))
        var worker = WithingsFetchWorker(database: linked.harness.database,
                                         tokens: WithingsTokens(client: WithingsAPIClient(settings: settings), database: linked.harness.database),
                                         logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        worker.maxAttempts = 2
        let taken = try await worker.fetchReady(now: Clock.now() + 7200)
        XCTAssertEqual(taken, 1)
        let row = try await linked.harness.database.read {
            try $0.queryFirst("SELECT status, failure_reason FROM withings_notifications")
        }
        XCTAssertEqual(try row?.decode(String.self, "status"), "failed")
        XCTAssertTrue(try row?.decode(String?.self, "failure_reason")?.contains("601") == true)
        // The app sees it: the link stays linked and names the window it gave up on.
        let status = try linked.linkStatus()
        XCTAssertEqual(status["status"] as? String, "linked")
        XCTAssertEqual(status["failedFetches"] as? Int, 1)
        let failed = try XCTUnwrap(status["lastFailedFetch"] as? [String: Any], "\(status)")
        XCTAssertTrue((failed["reason"] as? String)?.contains("601") == true, "\(failed)")
        XCTAssertNotNil(failed["failedAt"] as? String)
    }

    private func unlinkedThenLinked(_ backend: TestBackend) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend, link: false)
        linked.fake.addGroups(Array(Self.groups.prefix(1)), userID: WithingsLinkHarness.withingsUserID)
        XCTAssertEqual(try linked.notify(start: Self.window.start, end: Self.window.end).status, 200)
        let parked = try await eventually { try await linked.notificationStatuses() == ["unlinked"] }
        XCTAssertTrue(parked, "the notification was not resolved as unlinked")
        let answer = try linked.callback(code: linked.fake.grantCode(userID: WithingsLinkHarness.withingsUserID),
                                         state: try linked.connectState())
        XCTAssertEqual(answer.status, 200, answer.body)
        let settled = try await linked.settledNotifications(count: 1)
        XCTAssertEqual(settled, ["fetched"])
        XCTAssertEqual(try linked.measurements().count, 3)
    }

    /// Four "processes", each with its own database handle, all told the token was refused, spend
    /// the refresh token once. `slowWithings`: Withings answers the refresh after 5.5 s, past
    /// the 4 s lease, which its holder must keep renewing meanwhile (a lapsed lease let another
    /// process spend the rotated token, and Withings' refusal broke the link). The lease is kept in
    /// whole seconds and renewed every third of it, so a 4 s lease leaves its holder about 1.7 s
    /// of slack for a renewal delayed by a loaded machine (2 s left a third of a second).
    private func oneRefreshAtATime(_ backend: TestBackend, slowWithings: Bool = false) async throws {
        let linked = try await WithingsLinkHarness.start(self, backend)
        let settings = try XCTUnwrap(try WithingsLinkSettings(environment: WithingsLinkHarness.environment(apiBase: linked.fake.url)))
        let stale = try await WithingsTokens(client: WithingsAPIClient(settings: settings), database: linked.harness.database)
            .accessToken(userID: linked.userID)
        linked.fake.expireAccessTokens()
        if slowWithings { linked.fake.fail("requesttoken", with: [.delayed(5.5)]) }
        let fresh = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                let database = try Database.open(url: linked.harness.databaseURL, poolSize: 1)
                group.addTask {
                    defer { database.close() }
                    var tokens = WithingsTokens(client: WithingsAPIClient(settings: settings), database: database)
                    if slowWithings { tokens.leaseSeconds = 4 }
                    return try await tokens.accessToken(userID: linked.userID, refused: stale)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(fresh.count, 1, "every caller got the one new token")
        XCTAssertFalse(fresh.contains(stale))
        XCTAssertEqual(linked.fake.calls.filter { $0 == "requesttoken:refresh_token" }.count, 1)
        XCTAssertEqual(try linked.linkStatus()["status"] as? String, "linked")
    }
}
