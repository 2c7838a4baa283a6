import Foundation
import XCTest

/// Contract §2.3: many clients posting overlapping batches at once. Every sample ends up stored
/// once, exactly one response calls it `inserted`, the inserted counts add up to the rows in the
/// table, and every response's own counts add up.
final class BatchRaceTests: XCTestCase {
    func testOverlappingConcurrentBatchesKeepCountsExactOnSQLite() async throws { try await race(.sqlite) }
    func testOverlappingConcurrentBatchesKeepCountsExactOnPostgres() async throws { try await race(.postgres) }

    private func race(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "race@example.com")
        let url = harness.measurementsBatchURL
        let pool = (0..<400).map { "sample-\($0)" }
        // 12 clients × 4 batches (under the 60-per-minute limit), 150 entries each from
        // overlapping windows of the pool, shuffled so lock orders would differ if not sorted.
        let requests: [[String]] = (0..<48).map { round in
            let start = (round * 37) % pool.count
            return (0..<150).map { pool[(start + $0) % pool.count] }.shuffled()
        }
        let responses = try await withThrowingTaskGroup(of: [([String], BatchResponse)].self) { group in
            for client in 0..<12 {
                group.addTask {
                    var mine: [([String], BatchResponse)] = []
                    for round in stride(from: client, to: requests.count, by: 12) {
                        let ids = requests[round]
                        let body = Samples.batch(ids.map { Samples.entry(value: 100, externalId: $0) })
                        mine.append((ids, try await BatchClient.post(url, json: body, bearer: token)))
                    }
                    return mine
                }
            }
            var all: [([String], BatchResponse)] = []
            for try await batch in group { all.append(contentsOf: batch) }
            return all
        }
        XCTAssertEqual(responses.count, 48)
        var insertedPerID: [String: Int] = [:]
        var totalInserted = 0
        for (ids, response) in responses {
            XCTAssertEqual(response.status, 200, response.text)
            XCTAssertEqual(response.processed, ids.count)
            XCTAssertEqual(response.inserted + response.duplicates + response.skipped.count, response.processed)
            XCTAssertEqual(response.statuses.filter { $0 == "inserted" }.count, response.inserted)
            totalInserted += response.inserted
            for (index, status) in response.statuses.enumerated() where status == "inserted" {
                insertedPerID[ids[index], default: 0] += 1
            }
        }
        let posted = Set(requests.flatMap { $0 })
        let rows = try await harness.count("SELECT COUNT(*) FROM measurements")
        XCTAssertEqual(totalInserted, rows, "sum(inserted) == rows in the table")
        XCTAssertEqual(rows, posted.count)
        XCTAssertEqual(Set(insertedPerID.keys), posted)
        XCTAssertEqual(insertedPerID.values.filter { $0 != 1 }.count, 0, "each sample is `inserted` in exactly one response")
    }
}
