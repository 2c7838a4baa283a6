import Foundation
import TestHTTPClients
@testable import HealthLogAPI
import Storage
import XCTest

/// The daily-stats drain (contract §12) over the admin endpoint and the CLI: per-sample rows
/// of cumulative types collapse to one `stats:` row per user, type and local day; re-running
/// changes nothing.
final class PerSampleDrainTests: XCTestCase {
    static let steps = "HKQuantityTypeIdentifierStepCount", energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    static let may16 = Int64(1_778_904_000), hour = Int64(3600)   // 2026-05-16T00:00 in New York

    func testAdminDrainCollapsesSamplesPerLocalDayAndIsIdempotentOnSQLite() async throws { try await adminDrain(.sqlite) }
    func testAdminDrainCollapsesSamplesPerLocalDayAndIsIdempotentOnPostgres() async throws { try await adminDrain(.postgres) }
    func testCommandPrintsProgressAndDrainsOnSQLite() async throws { try await command(.sqlite) }
    func testCommandPrintsProgressAndDrainsOnPostgres() async throws { try await command(.postgres) }

    /// Per-sample rows over two New York days, a day that already has a lower and one with a
    /// higher stats row, and rows the drain must leave alone.
    private func seed(_ database: Database, user: String) async throws {
        let day = Self.may16, hour = Self.hour
        try await database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 100, unit: "count", at: day - hour, device: "watch")
        try await database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 200, unit: "count", at: day + hour, device: "watch")
        try await database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 300, unit: "count", at: day + 20 * hour, device: "phone")
        try await database.insertMeasurement(user: user, type: "active_energy", hk: Self.energy, value: 50, unit: "kcal", at: day + 2 * hour)
        try await database.insertMeasurement(user: user, type: "active_energy", externalId: "stats:\(Self.energy):2026-05-16", hk: Self.energy,
                                            value: 20, unit: "kcal", at: day)
        try await database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 10, unit: "count", at: day + 30 * hour)
        try await database.insertMeasurement(user: user, type: "steps", externalId: "stats:\(Self.steps):2026-05-17", hk: Self.steps,
                                            value: 9000, unit: "count", at: day + 24 * hour)
        // Untouched: a point metric, another source, a soft-deleted sample.
        try await database.insertMeasurement(user: user, type: "weight", hk: "HKQuantityTypeIdentifierBodyMass", value: 80, unit: "kg", at: day)
        try await database.insertMeasurement(user: user, type: "steps", source: "WITHINGS", value: 7, unit: "count", at: day)
        try await database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 99, unit: "count", at: day, deletedAt: 3)
    }

    private func assertDrained(_ database: Database, user: String) async throws {
        let rows = try await database.read { connection in
            try connection.query("""
                SELECT type, source, external_id, value, measured_at, end_at, device_type, deleted_at FROM measurements
                WHERE user_id = $1 AND (deleted_at IS NULL OR deleted_at = 3)
                """, user)
        }
        // Contract §13: the drained samples are soft-deleted, each with a version above every live row's,
        // so a paired phone reading ?since learns of them.
        let drained = try await database.read { connection in
            try connection.query("""
                SELECT sync_version, updated_at FROM measurements WHERE user_id = $1 AND deleted_at IS NOT NULL AND deleted_at <> 3
                """, user)
        }
        XCTAssertEqual(drained.count, 5, "the five per-sample cumulative rows")
        XCTAssertEqual(Set(try drained.map { try $0.decode(Int64.self, "sync_version") }).count, 5, "a version each")
        XCTAssertTrue(try drained.allSatisfy { try $0.decode(Int64.self, "sync_version") > 1 && $0.decode(Int64.self, "updated_at") > 1_000_000_000_000 },
                      "counter versions, updated_at in milliseconds")
        let summary = try rows.map { "\(try $0.decode(String.self, "source")) \(try $0.decode(String.self, "external_id").prefix(5) == "stats" ? try $0.decode(String.self, "external_id") : "sample") \(try $0.decode(Double.self, "value"))" }
        XCTAssertEqual(summary.sorted(), [
            "APPLE_HEALTH stats:HKQuantityTypeIdentifierActiveEnergyBurned:2026-05-16 50.0",
            "APPLE_HEALTH stats:HKQuantityTypeIdentifierStepCount:2026-05-15 100.0",
            "APPLE_HEALTH stats:HKQuantityTypeIdentifierStepCount:2026-05-16 200.0",
            "APPLE_HEALTH stats:HKQuantityTypeIdentifierStepCount:2026-05-17 9000.0",
            "APPLE_HEALTH sample 99.0",
            "WITHINGS sample 7.0",
            "APPLE_HEALTH sample 80.0",
        ].sorted())
        let may16 = try XCTUnwrap(rows.first { try $0.decode(String.self, "external_id") == "stats:\(Self.steps):2026-05-16" })
        XCTAssertEqual(try may16.decode(Int64.self, "measured_at"), Self.may16, "local midnight")
        XCTAssertEqual(try may16.decode(Int64.self, "end_at"), Self.may16 + 24 * Self.hour)
        XCTAssertEqual(try may16.decode(String?.self, "device_type"), "watch",
                       "the watch's 200, preferred by the built-in device ladder; not watch 200 + phone 300")
    }

    func testDrainTakesOneDevicePerDayNeverTheirSumOnSQLite() async throws { try await oneDevicePerDay(.sqlite) }
    func testDrainTakesOneDevicePerDayNeverTheirSumOnPostgres() async throws { try await oneDevicePerDay(.postgres) }

    /// Watch and phone samples of one day: the device the user's ladder prefers gives the day's
    /// total even when smaller; with a ladder that ranks neither, the larger total; the drained
    /// day then reads back the same through `GET /api/measurements/daily`.
    private func oneDevicePerDay(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let phoneFirst = try harness.createUser("phone-first@example.com", timezone: "America/New_York")
        let unranked = try harness.createUser("unranked@example.com", timezone: "America/New_York")
        try harness.createUser("admin@example.com", role: .admin)
        let ladders = [phoneFirst: #"{"metricPriority":{},"deviceTypePriority":{"steps":["phone","watch"]}}"#,
                       unranked: #"{"metricPriority":{},"deviceTypePriority":{"default":["scale"]}}"#]
        for (user, json) in ladders {
            try await harness.database.write { try $0.execute("UPDATE users SET source_priority_json = $1 WHERE id = $2", json, user) }
            for (value, device, hour) in [(4000.0, "watch", 9), (2500.0, "phone", 10), (1000.0, "watch", 15), (100.0, "phone", 16)] {
                try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: value, unit: "count",
                                                             at: Self.may16 + Int64(hour) * Self.hour, device: device)
            }
        }
        let before = try http("GET", harness.url + "/api/measurements/daily?type=steps&from=2026-05-16&to=2026-05-16",
                              bearer: try harness.nativeTokens("phone-first@example.com").access)
        let drained = try http("POST", harness.url + "/api/admin/drain-per-sample-cumulative",
                               bearer: try harness.nativeTokens("admin@example.com").access)
        XCTAssertEqual(drained.status, 200, drained.body)
        XCTAssertEqual(drained.data["daysCreated"] as? Int, 2)
        for (user, expected) in [(phoneFirst, (2600.0, "phone")), (unranked, (5000.0, "watch"))] {
            let row = try await harness.database.read { connection in
                try connection.queryFirst("SELECT value, device_type FROM measurements WHERE user_id = $1 AND external_id = $2",
                                          user, "stats:\(Self.steps):2026-05-16")
            }
            XCTAssertEqual(try row?.decode(Double.self, "value"), expected.0, "never 7600, the sum of both devices")
            XCTAssertEqual(try row?.decode(String?.self, "device_type"), expected.1)
        }
        let after = try http("GET", harness.url + "/api/measurements/daily?type=steps&from=2026-05-16&to=2026-05-16",
                             bearer: try harness.nativeTokens("phone-first@example.com").access)
        let valueBefore = (before.data["days"] as? [[String: Any]])?.first?["value"] as? Double
        let valueAfter = (after.data["days"] as? [[String: Any]])?.first?["value"] as? Double
        XCTAssertEqual(valueBefore, 2600, before.body)
        XCTAssertEqual(valueAfter, valueBefore, "the drain does not change what the daily read reports")
    }

    private func adminDrain(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("drained@example.com", timezone: "America/New_York")
        try harness.createUser("admin@example.com", role: .admin)
        try await seed(harness.database, user: user)
        let userToken = try harness.nativeTokens("drained@example.com").access, admin = try harness.nativeTokens("admin@example.com").access
        XCTAssertEqual(try http("POST", harness.url + "/api/admin/drain-per-sample-cumulative", bearer: userToken).status, 403)
        let first = try http("POST", harness.url + "/api/admin/drain-per-sample-cumulative", bearer: admin)
        XCTAssertEqual(first.status, 200, first.body)
        XCTAssertEqual(first.data as NSDictionary, ["users": 1, "samplesRemoved": 5, "daysCreated": 2, "daysRaised": 1, "daysKept": 1] as NSDictionary)
        try await assertDrained(harness.database, user: user)
        let again = try http("POST", harness.url + "/api/admin/drain-per-sample-cumulative", bearer: admin)
        XCTAssertEqual(again.data as NSDictionary, ["users": 0, "samplesRemoved": 0, "daysCreated": 0, "daysRaised": 0, "daysKept": 0] as NSDictionary)
        try await assertDrained(harness.database, user: user)
    }

    private func command(_ backend: TestBackend) async throws {
        let url = try makeDatabaseURL(backend)
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }
        _ = try await database.migrate(HealthLogMigrations.all)
        let user = try UserAccounts.create(UserAccounts.NewAccount(email: "cli@example.com", password: "long enough pw", role: .user,
                                                                   timezone: "America/New_York"), hasher: .minimal, database: database)
        try await seed(database, user: user)
        let first = try runHealthLog(["drain-per-sample-cumulative", "--database", url])
        XCTAssertEqual(first.status, 0, first.error)
        XCTAssertTrue(first.output.contains("drain-per-sample-cumulative: user 1/1 \(user): 5 samples -> 2 days created, 1 raised, 1 kept"), first.output)
        XCTAssertTrue(first.output.contains("done: 1 users, 5 samples removed"), first.output)
        try await assertDrained(database, user: user)
        let second = try runHealthLog(["drain-per-sample-cumulative", "--database", url])
        XCTAssertTrue(second.output.contains("done: 0 users, 0 samples removed, 0 days created, 0 raised, 0 kept"), second.output)
        XCTAssertEqual(try runHealthLog(["drain-per-sample-cumulative", "--verbose"]).status, 64)
    }

    private func runHealthLog(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let bundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL ?? Bundle.main.executableURL
        let executable = try XCTUnwrap(bundle).deletingLastPathComponent().appendingPathComponent("healthlog").path
        let result = try Subprocess.run(executable, arguments)
        return (result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.error, as: UTF8.self))
    }
}
