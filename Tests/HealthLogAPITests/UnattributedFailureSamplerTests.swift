import HTTPServer
@testable import HealthLogAPI
import XCTest

/// The allowance for audit rows of no account holds per client and in all, and starts again
/// each minute.
final class UnattributedFailureSamplerTests: XCTestCase {
    func testPerClientAndTotalAllowancesPerMinute() {
        let metrics = MetricsRegistry()
        let sampler = UnattributedFailureSampler(metrics: metrics)
        let minute: Int64 = 1_800_000_000 / 60 * 60
        let perClient = UnattributedFailureSampler.perMinute, total = UnattributedFailureSampler.totalPerMinute
        let clients = total / perClient
        var admitted = 0
        for client in 0 ..< clients {
            for _ in 0 ..< perClient + 3 where sampler.admit("2001:db8:\(client)::/64", now: minute + 5) { admitted += 1 }
        }
        XCTAssertEqual(admitted, total, "\(perClient) per client, \(clients) clients")
        XCTAssertFalse(sampler.admit("2001:db8:ffff::/64", now: minute + 30), "a fresh client past the total is refused")
        XCTAssertTrue(sampler.admit("2001:db8:ffff::/64", now: minute + 60), "the next minute starts again")
        XCTAssertTrue(metrics.renderPrometheus().contains("healthlog_auth_bearer_failures_unrecorded_total \(clients * 3 + 1)"))
    }
}
