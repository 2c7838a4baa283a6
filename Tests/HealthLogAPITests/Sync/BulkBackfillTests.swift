import Foundation
import XCTest

/// Contract §13.1: the first-pair backfill of mood entries and intakes. Entries upsert by
/// `externalId`, else `clientId`; a re-sent entry is `duplicate` with the stored row's id and
/// leaves that row as it is (no last-write-wins on this path); an entry with neither
/// identifier is skipped; the batch endpoints' envelope, 500-entry ceiling, Idempotency-Key and
/// rate limit apply.
final class BulkBackfillTests: XCTestCase {
    func testBulkBackfillCollapsesDuplicatesWithoutLWWOnSQLite() async throws { try await collapses(.sqlite) }
    func testBulkBackfillCollapsesDuplicatesWithoutLWWOnPostgres() async throws { try await collapses(.postgres) }
    func testIntakeBackfillKeysOnTheUsersMedicationsOnSQLite() async throws { try await intakes(.sqlite) }
    func testIntakeBackfillKeysOnTheUsersMedicationsOnPostgres() async throws { try await intakes(.postgres) }
    func testBackfillLimitsStrictnessAndIdempotencyKeyOnSQLite() async throws { try await limits(.sqlite) }
    func testBackfillLimitsStrictnessAndIdempotencyKeyOnPostgres() async throws { try await limits(.postgres) }

    private func collapses(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("mood@example.com")
        let client = SyncClient(url: harness.url, token: try harness.nativeTokens("mood@example.com").access)
        let first = try await client.bulkMood([
            SyncClient.mood(4, externalId: "hk-1", extra: ["energy": 2, "tags": ["work", "sleep"], "note": "long day"]),
            SyncClient.mood(2, externalId: nil, clientId: "local-7"),
            SyncClient.mood(5, externalId: nil),
            SyncClient.mood(1, externalId: "hk-1"),
        ])
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(first.statuses, ["inserted", "inserted", "skipped", "duplicate"], first.text)
        XCTAssertEqual([first.processed, first.inserted, first.duplicates], [4, 2, 1])
        XCTAssertEqual(first.skipped.first?["reason"] as? String, "missing_identifier")
        XCTAssertEqual(first.ids[3], first.ids[0], "a duplicate names the row it matched")
        XCTAssertNil(first.ids[2])

        // The phone re-sends its backlog with edits: every entry is a duplicate and nothing changes.
        let again = try await client.bulkMood([SyncClient.mood(1, externalId: "hk-1"),
                                               SyncClient.mood(5, externalId: "other", clientId: "local-7"),
                                               SyncClient.mood(5, externalId: nil, clientId: "local-7")])
        XCTAssertEqual(again.statuses, ["duplicate", "duplicate", "duplicate"], again.text)
        XCTAssertEqual(again.ids, [first.ids[0], first.ids[1], first.ids[1]])
        let page = try client.get("/api/mood-entries")
        XCTAssertEqual(page.status, 200, page.body)
        let entries = try AppDecoder.data(AppPage<AppMoodEntry>.self, from: page.body).items
        XCTAssertEqual(entries.count, 2)
        let stored = try XCTUnwrap(entries.first { $0.externalId == "hk-1" })
        XCTAssertEqual(stored.mood, 4, "no last-write-wins on the bulk path")
        XCTAssertEqual(stored.energy, 2)
        XCTAssertEqual(stored.tags, ["work", "sleep"])
        XCTAssertEqual(stored.note, "long day")
        XCTAssertEqual(stored.recordedAt, ISO8601DateFormatter().date(from: "2026-05-16T19:00:00Z"))
        XCTAssertNil(stored.deletedAt)
        let local = try XCTUnwrap(entries.first { $0.clientId == "local-7" })
        XCTAssertEqual(local.tags, [], "no tags is an empty list")
        XCTAssertNil(local.energy)
        XCTAssertEqual(Set(entries.map(\.syncVersion)).count, 2, "each row its own version")
        let audited = try await harness.auditActions(userID: user).filter { $0 == "mood.bulk.ingest" }
        XCTAssertEqual(audited.count, 2)
    }

    private func intakes(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let user = try harness.createUser("pen@example.com"), other = try harness.createUser("other@example.com")
        let client = SyncClient(url: harness.url, token: try harness.nativeTokens("pen@example.com").access)
        let mine = try await harness.database.insertMedication(user: user)
        let theirs = try await harness.database.insertMedication(user: other)
        let result = try await client.bulkIntakes([
            SyncClient.intake(mine, doseMg: 5, extra: ["site": "thigh_left", "note": "after breakfast"]),
            SyncClient.intake(mine, at: "2026-05-23T08:00:00+02:00", doseMg: nil, clientId: "c-2", extra: ["skipped": true]),
            SyncClient.intake(theirs),
            SyncClient.intake(UUID().uuidString.lowercased()),
        ])
        XCTAssertEqual(result.status, 200, result.text)
        XCTAssertEqual(result.statuses, ["inserted", "inserted", "skipped", "skipped"], result.text)
        XCTAssertEqual(result.skipped.map { $0["reason"] as? String }, ["unknown_medication", "unknown_medication"])
        let page = try client.get("/api/medications/intake")
        let items = try AppDecoder.data(AppPage<AppIntake>.self, from: page.body).items
        XCTAssertEqual(items.map(\.skipped), [true, false], "newest first")
        XCTAssertEqual(items[1].site, "thigh_left")
        XCTAssertEqual(items[1].doseMg, 5)
        XCTAssertNil(items[0].doseMg)
        XCTAssertEqual(items[1].takenAt, ISO8601DateFormatter().date(from: "2026-05-16T06:00:00Z"))
        let foreign = try await harness.database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM medication_intake_logs WHERE medication_id = $1", theirs) }
        XCTAssertEqual(try foreign?.decode(Int.self, "n"), 0, "nothing was logged against another user's medication")
        let invalidSite = try await client.bulkIntakes([SyncClient.intake(mine, extra: ["site": "elbow"])])
        XCTAssertEqual(invalidSite.status, 422, invalidSite.text)
    }

    private func limits(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("limits@example.com")
        let client = SyncClient(url: harness.url, token: try harness.nativeTokens("limits@example.com").access)
        let tooMany = try await client.bulkMood((0..<501).map { _ in SyncClient.mood() })
        XCTAssertEqual(tooMany.status, 422, tooMany.text)
        XCTAssertEqual(tooMany.errorCode, "mood.batch.too_large")
        let tooManyIntakes = try await client.bulkIntakes((0..<501).map { _ in SyncClient.intake(UUID().uuidString) })
        XCTAssertEqual(tooManyIntakes.errorCode, "medication_intake.batch.too_large")
        for entry in [SyncClient.mood(6), SyncClient.mood(3, extra: ["colour": "blue"]), SyncClient.mood(3, extra: ["tags": Array(repeating: "t", count: 11)]),
                      SyncClient.mood(3, extra: ["note": String(repeating: "n", count: 1001)]), SyncClient.mood(3, at: "2026-05-16T21:00:00")] {
            let refused = try await client.bulkMood([entry])
            XCTAssertEqual(refused.status, 422, "\(entry) \(refused.text)")
        }
        let key = ["Idempotency-Key": "backfill-1"], route = harness.url + "/api/mood-entries/bulk"
        let body = try JSONSerialization.data(withJSONObject: ["entries": [SyncClient.mood(externalId: "k")]])
        let once = try await BatchClient.post(route, body: body, bearer: client.token, headers: key)
        let replay = try await BatchClient.post(route, body: body, bearer: client.token, headers: key)
        XCTAssertEqual(once.statuses, ["inserted"])
        XCTAssertEqual(replay.body, once.body, "the original answer, byte for byte")
        XCTAssertEqual(replay.headers["idempotent-replayed"], "true")
        let stored = try await harness.database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM mood_entries")?.decode(Int.self, "n") }
        XCTAssertEqual(stored, 1)
    }
}
