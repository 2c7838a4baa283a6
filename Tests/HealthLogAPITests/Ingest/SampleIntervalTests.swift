import Foundation
import XCTest

/// Sleep and mindful minutes are HealthKit category samples: they carry no quantity, and their
/// duration is their interval. That is what is stored, whatever the client sends as the value (a
/// day of sleep in a one-minute sample, 0 s over eight hours, the stage number), so a day's sum
/// is never 120 hours of sleep or none; a sample over 24 hours is skipped, and a PATCH cannot
/// make a value that is not the interval.
final class SampleIntervalTests: XCTestCase {
    func testSleepAndMindfulMinutesStoreTheirIntervalOnSQLite() async throws { try await intervals(.sqlite) }
    func testSleepAndMindfulMinutesStoreTheirIntervalOnPostgres() async throws { try await intervals(.postgres) }

    private static let sleep = "HKCategoryTypeIdentifierSleepAnalysis", mindful = "HKCategoryTypeIdentifierMindfulSession"

    private func intervals(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "interval@example.com")
        let entries: [[String: Any]] = [
            Samples.entry(Self.sleep, value: 86_400, unit: "s", start: "2026-05-16T01:00:00Z", end: "2026-05-16T01:01:00Z",
                          externalId: "day-in-a-minute", extra: ["sleepStage": 3]),
            Samples.entry(Self.sleep, value: 0, unit: "s", start: "2026-05-16T01:00:00Z", end: "2026-05-16T09:00:00Z",
                          externalId: "no-sleep-in-8h", extra: ["sleepStage": 3]),
            Samples.entry(Self.sleep, value: 3, unit: "count", start: "2026-05-16T01:00:00Z", end: "2026-05-16T03:00:00Z",
                          externalId: "the-stage-as-value", extra: ["sleepStage": 3]),
            Samples.entry(Self.sleep, value: 480, unit: "min", start: "2026-05-16T03:00:00+02:00", end: "2026-05-16T11:00:00+02:00",
                          externalId: "eight-hours", extra: ["sleepStage": 4]),
            Samples.entry(Self.mindful, value: 0, unit: "min", start: "2026-05-16T12:00:00Z", end: "2026-05-16T12:10:00Z",
                          externalId: "not-applicable"),
            Samples.entry(Self.sleep, value: 25, unit: "hr", start: "2026-05-15T00:00:00Z", end: "2026-05-16T01:00:00Z",
                          externalId: "twenty-five-hours", extra: ["sleepStage": 0]),
        ]
        let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(response.statuses, ["inserted", "inserted", "inserted", "inserted", "inserted", "skipped"], response.text)
        XCTAssertEqual(response.skipped.compactMap { $0["reason"] as? String }, ["value_out_of_range"])
        let stored = try await harness.database.read { connection in
            try connection.query("SELECT external_id, value FROM measurements ORDER BY external_id")
                .map { "\(try $0.decode(String.self, "external_id"))=\(Int(try $0.decode(Double.self, "value")))" }
        }
        XCTAssertEqual(stored, ["day-in-a-minute=60", "eight-hours=28800", "no-sleep-in-8h=28800", "not-applicable=600",
                                "the-stage-as-value=7200"])
        let again = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(again.statuses, ["duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "skipped"], again.text)

        let row = try await harness.database.read { connection in
            try connection.queryFirst("SELECT id, sync_version FROM measurements WHERE external_id = 'eight-hours'")
        }
        let target = harness.url + "/api/measurements/" + (try row?.decode(String.self, "id") ?? "")
        let ifMatch = ["If-Match: \(try row?.decode(Int64.self, "sync_version") ?? 0)"]
        let refused = try http("PATCH", target, json: #"{"value": 3600}"#, bearer: token, headers: ifMatch)
        XCTAssertEqual(refused.status, 422, refused.body)
        XCTAssertTrue(refused.body.contains("must be the sample's duration, 28800 s"), refused.body)
        XCTAssertEqual(try http("PATCH", target, json: #"{"value": 28790}"#, bearer: token, headers: ifMatch).status, 200, "within a minute")
    }
}
