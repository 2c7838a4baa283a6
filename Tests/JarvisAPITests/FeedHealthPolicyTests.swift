import Foundation
import XCTest
@testable import JarvisAPI

final class FeedHealthPolicyTests: XCTestCase {
    private let policy = FeedHealthPolicy()
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testSuccessMakesActiveAndSchedulesTheNextPollAtTheInterval() {
        let verdict = policy.afterSuccess(interval: 900, now: now)
        XCTAssertEqual(verdict, .init(health: .active, failureCount: 0, failingSince: nil, nextFetch: now.addingTimeInterval(900)))
    }

    func testFailuresBackOffExponentiallyAndTurnFailingOnTheSecond() {
        let first = policy.afterFailure(previousFailures: 0, failingSince: nil, interval: 900, gone: false, now: now)
        XCTAssertEqual(first.health, .active)
        XCTAssertEqual(first.failingSince, now)
        XCTAssertEqual(first.nextFetch, now.addingTimeInterval(900))
        let second = policy.afterFailure(previousFailures: 1, failingSince: now, interval: 900, gone: false, now: now)
        XCTAssertEqual(second.health, .failing)
        XCTAssertEqual(second.nextFetch, now.addingTimeInterval(1800))
        let fifth = policy.afterFailure(previousFailures: 4, failingSince: now, interval: 3600, gone: false, now: now)
        XCTAssertEqual(fifth.nextFetch, now.addingTimeInterval(6 * 3600), "backoff is capped")
    }

    func testSustainedFailureByCountOrByTimeMakesDeadAndRetriesRarely() {
        let byCount = policy.afterFailure(previousFailures: 9, failingSince: now, interval: 60, gone: false, now: now)
        XCTAssertEqual(byCount.health, .dead)
        XCTAssertEqual(byCount.nextFetch, now.addingTimeInterval(24 * 3600))
        let byTime = policy.afterFailure(previousFailures: 2, failingSince: now.addingTimeInterval(-25 * 3600), interval: 60, gone: false, now: now)
        XCTAssertEqual(byTime.health, .dead)
    }

    func testGoneIsDeadAtOnce() {
        XCTAssertEqual(policy.afterFailure(previousFailures: 0, failingSince: nil, interval: 60, gone: true, now: now).health, .dead)
    }

    func testEnvironmentTightensThresholdsAndRejectsNonsense() throws {
        let tight = try FeedHealthPolicy(environment: ["JARVIS_FEED_FAILING_AFTER": "1", "JARVIS_FEED_DEAD_AFTER": "3"])
        XCTAssertEqual(tight.afterFailure(previousFailures: 0, failingSince: nil, interval: 60, gone: false, now: now).health, .failing)
        XCTAssertEqual(tight.afterFailure(previousFailures: 2, failingSince: now, interval: 60, gone: false, now: now).health, .dead)
        XCTAssertThrowsError(try FeedHealthPolicy(environment: ["JARVIS_FEED_DEAD_AFTER": "-1"]))
    }
}
