import Foundation
import XCTest

/// `GET /api/measurements/daily` and `GET /api/measurements` over HTTP: the user's time zone,
/// the picker applied per day, stats rows over per-sample rows, strict parameters.
final class MeasurementReadTests: XCTestCase {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    // 2026-05-16 in New York (UTC−4): 04:00Z … next 04:00Z.
    static let may16 = Int64(1_778_904_000), hour = Int64(3600)

    func testDailyTotalsCountDaysInTheUsersZoneAndPickOneSourceOnSQLite() async throws { try await daily(.sqlite) }
    func testDailyTotalsCountDaysInTheUsersZoneAndPickOneSourceOnPostgres() async throws { try await daily(.postgres) }
    func testPointRowsAreAllListedWithThePickedOnesPreferredOnSQLite() async throws { try await points(.sqlite) }
    func testPointRowsAreAllListedWithThePickedOnesPreferredOnPostgres() async throws { try await points(.postgres) }
    func testReadParametersAreStrictOnSQLite() async throws { try await strictParameters(.sqlite) }
    func testReadParametersAreStrictOnPostgres() async throws { try await strictParameters(.postgres) }

    private func daily(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("days@example.com", timezone: "America/New_York")
        let other = try harness.createUser("other@example.com")
        let token = try harness.nativeTokens("days@example.com").access
        let day = Self.may16, hour = Self.hour
        // May 15 (local): a legacy sample at 02:00Z on the 16th is still the 15th in New York.
        try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 500, unit: "count", at: day - 2 * hour, device: "watch")
        // May 16: phone and watch samples, summed per device; with no ladder of the user's own the
        // built-in watch, phone, scale picks the watch, though the phone recorded first that morning.
        try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 1000, unit: "count", at: day + hour, device: "phone")
        try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 2000, unit: "count", at: day + 2 * hour, device: "watch")
        try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 3000, unit: "count", at: day + 3 * hour, device: "watch")
        try await harness.database.insertMeasurement(user: user, type: "steps", source: "WITHINGS", value: 9000, unit: "count", at: day + 4 * hour)
        // May 17: a stats row, plus a per-sample row the stats row supersedes for that source.
        let stats = try await harness.database.insertMeasurement(user: user, type: "steps", externalId: "stats:\(Self.steps):2026-05-17", hk: Self.steps,
                                                        value: 7000, unit: "count", at: day + 24 * hour)
        try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 100, unit: "count", at: day + 30 * hour)
        try await harness.database.insertMeasurement(user: user, type: "steps", hk: Self.steps, value: 55, unit: "count", at: day + 31 * hour, deletedAt: 5)
        try await harness.database.insertMeasurement(user: other, type: "steps", hk: Self.steps, value: 1, unit: "count", at: day + hour)

        let first = try harness.get("/api/measurements/daily?type=steps&from=2026-05-15&to=2026-05-17", bearer: token)
        XCTAssertEqual(first.status, 200, first.body)
        XCTAssertEqual(first.data["timezone"] as? String, "America/New_York")
        XCTAssertEqual(first.data["unit"] as? String, "count")
        var days = try XCTUnwrap(first.data["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["date"] as? String }, ["2026-05-15", "2026-05-16", "2026-05-17"])
        XCTAssertEqual(days.map { $0["value"] as? Double }, [500, 5000, 7000], "the watch's total, not watch + phone; stats row beats samples")
        XCTAssertEqual(days[2]["measurementId"] as? String, stats)
        XCTAssertTrue(days[1]["measurementId"] is NSNull)
        XCTAssertEqual(days[1]["deviceType"] as? String, "watch")

        let ladder = #"{"metricPriority":{"steps":["APPLE_HEALTH"]},"deviceTypePriority":{"steps":["phone","watch"]}}"#
        XCTAssertEqual(try http("PUT", harness.url + "/api/auth/me/source-priority", json: ladder, bearer: token).status, 200)
        days = try XCTUnwrap(try harness.get("/api/measurements/daily?type=steps&from=2026-05-16&to=2026-05-16", bearer: token).data["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["value"] as? Double }, [1000], "the user's own device ladder: the phone's total")
        XCTAssertEqual(days.first?["deviceType"] as? String, "phone")

        let withingsFirst = #"{"metricPriority":{"steps":["WITHINGS","APPLE_HEALTH"]},"deviceTypePriority":{}}"#
        XCTAssertEqual(try http("PUT", harness.url + "/api/auth/me/source-priority", json: withingsFirst, bearer: token).status, 200)
        days = try XCTUnwrap(try harness.get("/api/measurements/daily?type=steps&from=2026-05-16&to=2026-05-17", bearer: token).data["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["value"] as? Double }, [9000, 7000])
        XCTAssertEqual(days.map { $0["source"] as? String }, ["WITHINGS", "APPLE_HEALTH"])
    }

    private func points(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("points@example.com", timezone: "America/New_York")
        let token = try harness.nativeTokens("points@example.com").access
        let day = Self.may16, hour = Self.hour
        let appleCopy = try await harness.database.insertMeasurement(user: user, type: "weight", value: 80.1, unit: "kg", at: day + 8 * hour, device: "phone")
        let scale = try await harness.database.insertMeasurement(user: user, type: "weight", source: "WITHINGS", value: 80.1, unit: "kg",
                                                        at: day + 8 * hour, device: "scale")
        let nextDay = try await harness.database.insertMeasurement(user: user, type: "weight", value: 79.9, unit: "kg", at: day + 30 * hour)
        let list = try harness.get("/api/measurements?type=weight&from=2026-05-16&to=2026-05-17", bearer: token)
        XCTAssertEqual(list.status, 200, list.body)
        var items = try XCTUnwrap(list.data["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 3, "every source's row stays")
        func preferred(_ items: [[String: Any]]) -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: items.compactMap { item in (item["id"] as? String).map { ($0, item["preferred"] as? Bool ?? false) } })
        }
        XCTAssertEqual(preferred(items), [appleCopy: true, scale: false, nextDay: true], "default ladder: APPLE_HEALTH first")
        for item in items {
            assertIOSDate(item["measuredAt"], "measuredAt")
            assertIOSDate(item["endAt"], "endAt")
            assertIOSDate(item["updatedAt"], "updatedAt")
            XCTAssertEqual(Set(item.keys), ["id", "type", "source", "value", "unit", "measuredAt", "endAt", "sleepStage", "deviceType",
                                            "externalId", "syncVersion", "updatedAt", "updatedAtMs", "deletedAt", "preferred"])
            XCTAssertTrue(item["deletedAt"] is NSNull, "§13.2: present, null on a live row")
        }
        let ladder = #"{"metricPriority":{"weight":["WITHINGS","APPLE_HEALTH","MANUAL"]},"deviceTypePriority":{"default":["watch","phone","scale"]}}"#
        XCTAssertEqual(try http("PUT", harness.url + "/api/auth/me/source-priority", json: ladder, bearer: token).status, 200)
        items = try XCTUnwrap(try harness.get("/api/measurements?type=weight&from=2026-05-16&to=2026-05-17", bearer: token).data["items"] as? [[String: Any]])
        XCTAssertEqual(preferred(items), [appleCopy: false, scale: true, nextDay: true], "per day: the only row of the 17th stays preferred")
    }

    private func strictParameters(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("params@example.com")
        let token = try harness.nativeTokens("params@example.com").access
        let refusals: [(String, String)] = [
            ("/api/measurements/daily?type=weight&from=2026-05-01&to=2026-05-02", "type"),
            ("/api/measurements?type=weights&from=2026-05-01&to=2026-05-02", "type"),
            ("/api/measurements?type=weight", "from"),
            ("/api/measurements/daily?type=steps&from=2026-02-30&to=2026-03-02", "from"),
            ("/api/measurements/daily?type=steps&from=2026-05-01&to=2026/05/02", "to"),
            ("/api/measurements/daily?type=steps&from=2026-05-03&to=2026-05-02", "to"),
            ("/api/measurements/daily?type=steps&from=2025-01-01&to=2026-05-02", "to"),
            ("/api/measurements?type=weight&from=2026-01-01&to=2026-05-02", "to"),
            ("/api/measurements/daily?type=steps&from=2026-05-01", "to"),
            ("/api/measurements/daily?type=steps&from=2026-05-01&to=2026-05-02&verbose=1", "verbose"),
        ]
        for (path, parameter) in refusals {
            let refused = try harness.get(path, bearer: token)
            XCTAssertEqual(refused.status, 422, path)
            XCTAssertEqual(refused.meta["path"] as? String, parameter, path)
        }
        XCTAssertEqual(try harness.get("/api/measurements/daily?type=steps&from=2026-05-01&to=2026-05-02").status, 401)
        let empty = try harness.get("/api/measurements/daily?type=steps&from=2025-05-03&to=2026-05-03", bearer: token)
        XCTAssertEqual(empty.status, 200, "366 days is the longest daily range")
        XCTAssertEqual((empty.data["days"] as? [Any])?.count, 0)
    }
}
