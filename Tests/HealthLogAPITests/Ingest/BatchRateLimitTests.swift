import APIToolkit
import Foundation
@testable import HealthLogAPI
import XCTest

/// 60 batches per minute per user, shared by both batch endpoints and by every server process
/// on the database, over a sliding minute: no 60-second span admits more than 60.
final class BatchRateLimitTests: XCTestCase {
    func testNoSixtySecondSpanAdmitsMoreThanSixtyAcrossAMinuteEdgeOnSQLite() async throws { try await slidingWindow(.sqlite) }
    func testNoSixtySecondSpanAdmitsMoreThanSixtyAcrossAMinuteEdgeOnPostgres() async throws { try await slidingWindow(.postgres) }
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
        // Once those batches are a minute old, it admits again.
        try await harness.execute("UPDATE batch_rate_limit_seconds SET at_second = at_second - 60", [])
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

    /// 30 batches at t, 30 at t+30 fill the minute; at t+60 only the first 30 have left it, so
    /// 30 more pass and the 31st is refused until t+90. (A fixed window opened at t admitted 60
    /// at t+60: 90 batches within the 30 seconds from t+30.) Driven with explicit instants, well
    /// after the real clock, so the server's own pruning never touches these counts; the last
    /// one goes over HTTP.
    private func slidingWindow(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "edge@example.com")
        let userID = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        let user = try XCTUnwrap(userID), limiter = BatchRateLimiter(database: harness.database)
        let start = Int64(Date().timeIntervalSince1970) + 10_000
        func admitted(_ count: Int, at now: Int64) async throws -> (passed: Int, retryAfter: [Int]) {
            var passed = 0, retryAfter: [Int] = []
            for _ in 0..<count {
                do {
                    try await limiter.admit(userID: user, now: now)
                    passed += 1
                } catch let error as APIError where error.status == 429 {
                    retryAfter.append(Int(error.headers.first { $0.name == "Retry-After" }?.value ?? "") ?? -1)
                }
            }
            return (passed, retryAfter)
        }
        let first = try await admitted(30, at: start), second = try await admitted(31, at: start + 30)
        XCTAssertEqual(first.passed + second.passed, 60)
        XCTAssertEqual(second.retryAfter, [30], "the batches of t leave the window at t+60")
        let atEdge = try await admitted(40, at: start + 60)
        XCTAssertEqual(atEdge.passed, 30, "only the 30 batches of t have left the minute")
        XCTAssertEqual(Set(atEdge.retryAfter), [30], "the next ones leave at t+90")
        let afterwards = try await admitted(1, at: start + 90)
        XCTAssertEqual(afterwards.passed, 1)
        // Over HTTP at the real time, the counts far ahead are not in its window: admitted.
        let now = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch([Samples.entry()]), bearer: token)
        XCTAssertEqual(now.status, 200, now.text)
    }
}
