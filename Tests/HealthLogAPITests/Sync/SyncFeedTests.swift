import Foundation
import XCTest

/// Contract §13.5 and the `?since=syncVersion=N` reads: the handshake returns the old
/// checkpoint and moves it, `perEntity` holds each entity's high-water mark, and a read since a
/// checkpoint returns exactly the rows written after it — new, edited, soft-deleted and
/// drained ones — in version order, a page at a time.
final class SyncFeedTests: XCTestCase {
    func testSyncStateReturnsTheOldLastSyncedAtAndMovesItOnSQLite() async throws { try await handshake(.sqlite) }
    func testSyncStateReturnsTheOldLastSyncedAtAndMovesItOnPostgres() async throws { try await handshake(.postgres) }
    func testSinceReturnsRowsCreatedAfterTheCheckpointOnSQLite() async throws { try await since(.sqlite) }
    func testSinceReturnsRowsCreatedAfterTheCheckpointOnPostgres() async throws { try await since(.postgres) }

    private func state(_ client: SyncClient) throws -> AppSyncState {
        let result = try client.get("/api/sync/state")
        XCTAssertEqual(result.status, 200, result.body)
        return try AppDecoder.data(AppSyncState.self, from: result.body)
    }

    private func handshake(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("state@example.com")
        let client = SyncClient(url: harness.url, token: try harness.nativeTokens("state@example.com").access)
        let empty = try state(client)
        XCTAssertNil(empty.lastSyncedAt, "no checkpoint before the first handshake")
        XCTAssertEqual(empty.perEntity, ["Measurement": 0, "MoodEntry": 0, "MedicationIntakeLog": 0])
        XCTAssertEqual(empty.syncVersion, 0)

        // The checkpoint the first call set is what the second returns.
        try await harness.execute("UPDATE users SET last_synced_at = $1 WHERE id = $2", [.integer(1_778_900_000), .text(user)])
        let medication = try await harness.database.insertMedication(user: user)
        _ = try await BatchClient.post(harness.url + "/api/measurements/batch", json: Samples.batch([Samples.entry(), Samples.entry()]),
                                       bearer: client.token)
        _ = try await client.bulkMood([SyncClient.mood()])
        _ = try await client.bulkIntakes([SyncClient.intake(medication)])
        let second = try state(client)
        XCTAssertEqual(second.lastSyncedAt, Date(timeIntervalSince1970: 1_778_900_000), "the OLD lastSyncedAt")
        XCTAssertEqual(second.perEntity.keys.sorted(), ["Measurement", "MedicationIntakeLog", "MoodEntry"])
        XCTAssertEqual(second.syncVersion, second.perEntity.values.max())
        XCTAssertEqual(second.perEntity["Measurement"], 2, "one counter value per row")
        XCTAssertEqual(second.perEntity["MoodEntry"], 3)
        XCTAssertEqual(second.perEntity["MedicationIntakeLog"], 4)
        let third = try state(client)
        let moved = try XCTUnwrap(third.lastSyncedAt)
        XCTAssertLessThan(abs(moved.timeIntervalSinceNow), 60, "the second call moved the checkpoint to now")
        let raw = try client.get("/api/sync/state")
        XCTAssertTrue(AppDecoder.isStrictUTC(raw.data["lastSyncedAt"] as? String ?? ""), raw.body)
    }

    private func since(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("feed@example.com", timezone: "UTC")
        let client = SyncClient(url: harness.url, token: try harness.nativeTokens("feed@example.com").access)
        let batch = harness.url + "/api/measurements/batch"
        _ = try await BatchClient.post(batch, json: Samples.batch([
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 80, unit: "kg", start: "2026-05-10T07:00:00Z", externalId: "w1"),
            Samples.entry("HKQuantityTypeIdentifierStepCount", value: 100, start: "2026-05-16T10:00:00Z", externalId: "s1"),
        ]), bearer: client.token)
        _ = try await client.bulkMood([SyncClient.mood(externalId: "m1")])
        let checkpoint = try state(client).syncVersion

        // After the checkpoint: a new weight, an edit of the old one, a mood deleted, and the
        // drain collapsing the step sample into its day (the sample soft-deleted, the day new).
        _ = try await BatchClient.post(batch, json: Samples.batch([
            Samples.entry("HKQuantityTypeIdentifierBodyMass", value: 81, unit: "kg", start: "2026-05-11T07:00:00Z", externalId: "w2")]),
            bearer: client.token)
        let old = try feed(client, "/api/measurements?since=syncVersion=0&type=weight").first { $0["externalId"] as? String == "w1" }
        let weightID = try XCTUnwrap(old?["id"] as? String)
        XCTAssertEqual(try client.patch("/api/measurements/" + weightID, #"{"value": 79.5}"#, ifMatch: old?["syncVersion"] as? Int).status, 200)
        let mood = try XCTUnwrap(try feed(client, "/api/mood-entries?since=syncVersion=0").first)
        XCTAssertEqual(try client.patch("/api/mood-entries/\(mood["id"] as? String ?? "")", #"{"deletedAt": "2026-05-17T08:00:00Z"}"#,
                                        ifMatch: mood["syncVersion"] as? Int).status, 200)
        try harness.createUser("admin@example.com", role: .admin)
        let drain = try http("POST", harness.url + "/api/admin/drain-per-sample-cumulative",
                             bearer: try harness.nativeTokens("admin@example.com").access)
        XCTAssertEqual(drain.status, 200, drain.body)

        let changes = try feed(client, "/api/measurements?since=syncVersion=\(checkpoint)")
        XCTAssertEqual(changes.map { $0["externalId"] as? String }, ["w2", "w1", "stats:HKQuantityTypeIdentifierStepCount:2026-05-16", "s1"],
                       "the new row, the edit, the drained day and the drained sample, by version")
        let versions = changes.compactMap { $0["syncVersion"] as? Int }
        XCTAssertEqual(versions, versions.sorted())
        XCTAssertTrue(versions.allSatisfy { $0 > checkpoint })
        XCTAssertTrue(changes.allSatisfy { $0["preferred"] is NSNull }, "no picking over a feed")
        XCTAssertTrue(changes.last?["deletedAt"] is String, "the drained sample comes back deleted")
        for change in changes { assertIOSDate(change["updatedAt"], "updatedAt") }
        XCTAssertEqual(try feed(client, "/api/measurements?since=syncVersion=\(checkpoint)&type=weight").count, 2)

        var paged: [[String: Any]] = [], cursor: String?
        repeat {
            let page = try client.get("/api/measurements?since=syncVersion=\(checkpoint)&limit=1" + (cursor.map { "&cursor=" + $0 } ?? ""))
            XCTAssertEqual(page.status, 200, page.body)
            paged += page.data["items"] as? [[String: Any]] ?? []
            cursor = page.data["nextCursor"] as? String
        } while cursor != nil && paged.count < 10
        XCTAssertEqual(paged.compactMap { $0["id"] as? String }, changes.compactMap { $0["id"] as? String }, "pages add up to the feed")

        let moods = try AppDecoder.data(AppPage<AppMoodEntry>.self, from: try client.get("/api/mood-entries?since=syncVersion=\(checkpoint)").body)
        XCTAssertEqual(moods.items.count, 1)
        XCTAssertNotNil(moods.items.first?.deletedAt, "a paired phone learns of the delete")
        let highWater = try state(client).perEntity["MoodEntry"] ?? 0
        let after = try AppDecoder.data(AppPage<AppMoodEntry>.self, from: try client.get("/api/mood-entries?since=syncVersion=\(highWater)").body)
        XCTAssertEqual(after.items, [], "nothing after the high-water mark")
        let narrowed = try feed(client, "/api/measurements?since=syncVersion=\(checkpoint)&from=2026-05-16&to=2026-05-16")
        XCTAssertEqual(narrowed.map { $0["externalId"] as? String }, ["stats:HKQuantityTypeIdentifierStepCount:2026-05-16", "s1"],
                       "from and to narrow the feed to rows measured on those days")
        let everyPointMetric = try feed(client, "/api/measurements?from=2026-05-10&to=2026-05-17")
        XCTAssertEqual(everyPointMetric.map { $0["externalId"] as? String }, ["w1", "w2"], "without type: every point metric, live rows")
        XCTAssertEqual(everyPointMetric.map { $0["preferred"] as? Bool }, [true, true])
        for bad in ["since=5", "since=syncVersion=-1", "since=syncVersion=x", "since=syncVersion=1&from=2026-05-16",
                    "since=syncVersion=1&cursor=t5_x", "type=weight", "cursor=abc"] {
            let refused = try client.get("/api/measurements?" + bad)
            XCTAssertEqual(refused.status, 422, "\(bad) \(refused.body)")
        }
    }

    private func feed(_ client: SyncClient, _ path: String) throws -> [[String: Any]] {
        let result = try client.get(path)
        XCTAssertEqual(result.status, 200, "\(path) \(result.body)")
        return result.data["items"] as? [[String: Any]] ?? []
    }
}
