@testable import HealthLogAPI
import Storage
import XCTest

/// Contract §12: the daily-stats external id has one shape, minted and read back in one place.
final class DailyStatsTests: XCTestCase {
    func testExternalIdHasTheLockedShape() {
        XCTAssertEqual(DailyStats.externalId(hkIdentifier: "HKQuantityTypeIdentifierStepCount", day: "2026-05-16"),
                       "stats:HKQuantityTypeIdentifierStepCount:2026-05-16")
        XCTAssertEqual(DailyStats.externalId(hkIdentifier: "HKQuantityTypeIdentifierTimeInDaylight", day: "2026-05-16"),
                       "stats:HKQuantityTypeIdentifierTimeInDaylight:2026-05-16")
    }

    func testExternalIdRoundTripsForEveryCumulativeType() throws {
        for identifier in DailyStats.cumulativeHKTypes {
            let minted = DailyStats.externalId(hkIdentifier: identifier, day: "2026-02-28")
            let parsed = try XCTUnwrap(DailyStats.parse(externalId: minted), minted)
            XCTAssertEqual(parsed.hkIdentifier, identifier)
            XCTAssertEqual(parsed.day, "2026-02-28")
        }
    }

    func testPerSampleIdsAreNotDailyStats() {
        XCTAssertNil(DailyStats.parse(externalId: "8F2C1C0E-2D7B-4D67-9A3B-1F0E5C2B9A11"))
        XCTAssertNil(DailyStats.parse(externalId: "stats:HKQuantityTypeIdentifierStepCount"))
        XCTAssertNil(DailyStats.parse(externalId: "stats::2026-05-16"))
    }

    func testTheCumulativeSetIsTheContractsFiveAndAllAreMapped() {
        XCTAssertEqual(DailyStats.cumulativeHKTypes, [
            "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierActiveEnergyBurned",
            "HKQuantityTypeIdentifierFlightsClimbed", "HKQuantityTypeIdentifierDistanceWalkingRunning",
            "HKQuantityTypeIdentifierTimeInDaylight",
        ])
        for identifier in DailyStats.cumulativeHKTypes {
            XCTAssertNotNil(AppleHealthMapping.mapping(for: identifier), identifier)
        }
    }

    func testLateWatchSyncOfADayAlreadyPostedIsDuplicateAndKeepsTheFirstTotalOnSQLite() async throws {
        try await lateWatchSync(.sqlite)
    }
    func testLateWatchSyncOfADayAlreadyPostedIsDuplicateAndKeepsTheFirstTotalOnPostgres() async throws {
        try await lateWatchSync(.postgres)
    }

    /// A second POST of the same day's total (the watch synced late, so the total grew) is
    /// `duplicate`; the app corrects a divergent total with PATCH, never with a second row.
    private func lateWatchSync(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "late-watch@example.com")
        let day = DailyStats.externalId(hkIdentifier: "HKQuantityTypeIdentifierStepCount", day: "2026-05-16")
        func post(_ steps: Double) async throws -> BatchResponse {
            try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([
                Samples.entry(value: steps, start: "2026-05-15T22:00:00Z", end: "2026-05-16T21:59:59Z", externalId: day),
            ]), bearer: token)
        }
        let first = try await post(8_000)
        XCTAssertEqual(first.statuses, ["inserted"], first.text)
        let late = try await post(9_500)
        XCTAssertEqual(late.status, 200, late.text)
        XCTAssertEqual(late.statuses, ["duplicate"], late.text)
        let stored = try await harness.database.read { connection in
            try connection.query("SELECT value FROM measurements WHERE external_id = $1", [.text(day)])
                .map { try $0.decode(Double.self, "value") }
        }
        XCTAssertEqual(stored, [8_000], "one row per day, still the first total")
    }
}
