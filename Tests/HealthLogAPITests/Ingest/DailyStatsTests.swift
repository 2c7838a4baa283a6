@testable import HealthLogAPI
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
}
