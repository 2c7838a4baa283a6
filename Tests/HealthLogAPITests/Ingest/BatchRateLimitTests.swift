import Foundation
import XCTest

/// 60 batches per minute per user, shared by both batch endpoints and by every server process
/// on the database.
final class BatchRateLimitTests: XCTestCase {
    func testSixtyFirstBatchInAMinuteIs429WithRetryAfterOnSQLite() async throws { try await limit(.sqlite) }
    func testSixtyFirstBatchInAMinuteIs429WithRetryAfterOnPostgres() async throws { try await limit(.postgres) }
    func testLimitHoldsAcrossTwoServersSharingTheDatabaseOnPostgres() async throws { try await twoServers(.postgres) }
    func testLimitHoldsAcrossTwoServersSharingTheDatabaseOnSQLite() async throws { try await twoServers(.sqlite) }

    private func limit(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "busy@example.com"), other = try harness.bearer(for: "calm@example.com")
        let measurements = Samples.batch([Samples.entry(externalId: "m")])
        let workouts: [String: Any] = ["workouts": [Samples.workout(externalId: "w")]]
        for index in 0..<60 {
            // Both endpoints draw on the one budget.
            let response = index % 2 == 0
                ? try await BatchClient.post(harness.measurementsBatchURL, json: measurements, bearer: token)
                : try await BatchClient.post(harness.workoutsBatchURL, json: workouts, bearer: token)
            XCTAssertEqual(response.status, 200, "batch \(index + 1): \(response.text)")
        }
        let limited = try await BatchClient.post(harness.workoutsBatchURL, json: workouts, bearer: token)
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.errorCode, "batch.rate_limited")
        let retryAfter = try XCTUnwrap(Int(XCTUnwrap(limited.headers["retry-after"])))
        XCTAssertTrue((1...60).contains(retryAfter), "Retry-After \(retryAfter)")
        let otherUser = try await BatchClient.post(harness.measurementsBatchURL, json: measurements, bearer: other)
        XCTAssertEqual(otherUser.status, 200, "the budget is per user")
        // The next window admits again.
        try await harness.execute("UPDATE batch_rate_limit SET window_started_at = window_started_at - 60", [])
        let later = try await BatchClient.post(harness.measurementsBatchURL, json: measurements, bearer: token)
        XCTAssertEqual(later.status, 200, later.text)
    }

    /// 70 batches sent at once, spread over two servers: exactly 60 pass.
    private func twoServers(_ backend: TestBackend) async throws {
        let servers = try await TwinServers.start(self, backend)
        let token = try servers.bearer(for: "twin@example.com")
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<70 {
                let url = servers.urls[index % 2] + "/api/measurements/batch"
                group.addTask {
                    try await BatchClient.post(url, json: Samples.batch([Samples.entry(externalId: "e\(index)")]), bearer: token).status
                }
            }
            var all: [Int] = []
            for try await status in group { all.append(status) }
            return all
        }
        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 60, "\(statuses.sorted())")
        XCTAssertEqual(statuses.filter { $0 == 429 }.count, 10)
    }
}
