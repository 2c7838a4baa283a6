import Foundation
import HTTPServer
import Storage
import XCTest
@testable import JarvisAPI

/// The clustering lease: one process decides at a time, and a process that lost the lease
/// (paused past its expiry while another took over) can never overwrite what was decided.
final class StoryLeaseTests: XCTestCase {
    private var database: Database!
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("lease-\(UUID().uuidString).sqlite")
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    override func setUp() async throws {
        database = try Database.open(url: file.path)
        _ = try await database.migrate(JarvisMigrations.all)
        let now = self.now
        try await database.write { connection in
            try connection.execute("""
                INSERT INTO articles (id, dedup_key, source, source_url, headline, body, published_at, first_seen_at, updated_at,
                    content_hash) VALUES ('a1', 'k1', 'Wire', 'https://wire.example/1', 'Headline', 'Body', $1, $1, $1, 'h')
                """, [now.sqlValue])
        }
    }

    override func tearDown() async throws {
        database.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    func testOnlyOneProcessHoldsTheLeaseUntilItExpires() async throws {
        let first = StoryWrites(database: database, holder: "first"), second = StoryWrites(database: database, holder: "second")
        let taken = try await first.acquireLease(now: now, until: now.addingTimeInterval(30))
        let refused = try await second.acquireLease(now: now.addingTimeInterval(10), until: now.addingTimeInterval(40))
        let takenOver = try await second.acquireLease(now: now.addingTimeInterval(31), until: now.addingTimeInterval(61))
        XCTAssertTrue(taken)
        XCTAssertFalse(refused)
        XCTAssertTrue(takenOver, "an expired lease passes to another process")
    }

    func testAProcessThatWasSupersededCannotOverwriteAnAssignment() async throws {
        let first = StoryWrites(database: database, holder: "first"), second = StoryWrites(database: database, holder: "second")
        let events = LiveEvents(database: database, logger: Logger(sink: MemoryLogSink()))
        var decided = StoryWrites.Round()
        decided.assignments = [("a1", "story-by-second")]
        // The second process took over while the first was paused, and placed the article.
        _ = try await second.acquireLease(now: now, until: now.addingTimeInterval(30))
        try await second.commit(decided, events: [], to: events, now: now, leaseUntil: now.addingTimeInterval(30))
        // The first wakes up after that lease expired: its lease check passes, its engine is stale.
        var stale = StoryWrites.Round()
        stale.assignments = [("a1", "story-by-first")]
        do {
            try await first.commit(stale, events: [], to: events, now: now.addingTimeInterval(60), leaseUntil: now.addingTimeInterval(90))
            XCTFail("a superseded process must not commit")
        } catch is StoryWrites.LeaseLost {}
        let story = try await database.read { try $0.queryFirst("SELECT story_id FROM articles WHERE id = 'a1'", [])!.decode(String.self, "story_id") }
        XCTAssertEqual(story, "story-by-second")
    }
}
