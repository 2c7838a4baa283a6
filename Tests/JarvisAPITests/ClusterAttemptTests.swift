import Foundation
import Storage
import XCTest
@testable import JarvisAPI

/// An article whose clustering round stopped the process cannot stop the feed for good: a
/// restarted process retries it alone and leaves it out after `maxClusterAttempts` such
/// rounds. A round that merely fails (the database refused a write) costs no attempt.
final class ClusterAttemptTests: XCTestCase {
    private func insert(_ id: String, holder: String?, attempts: Int, _ database: Database) throws {
        try database.writeBlocking { connection in
            let now = Date().sqlValue
            try connection.execute("""
                INSERT INTO articles (id, dedup_key, source, source_key, source_url, headline, body, published_at,
                    first_seen_at, updated_at, content_hash, cluster_attempts, cluster_holder)
                VALUES ($1, $1, 'Loopback News', 'loopback.example', $2, $3, 'Markets rose after the decision.', $4, $4, $4, $1, $5, $6)
                """, [.text(id), .text("https://loopback.example/\(id)"), .text("Central bank decision \(id)"), now,
                      .integer(Int64(attempts)), holder.map { .text($0) } ?? .null])
        }
    }

    private func state(_ database: Database) throws -> [String: (placed: Bool, attempts: Int)] {
        try database.readBlocking { connection in
            Dictionary(uniqueKeysWithValues: try connection.query("SELECT id, story_id, cluster_attempts FROM articles", []).map {
                (try $0.decode(String.self, "id"), (try $0.decode(String?.self, "story_id") != nil, try $0.decode(Int.self, "cluster_attempts")))
            })
        }
    }

    private func claimant(_ database: Database) throws -> String? {
        try database.readBlocking { try $0.queryFirst("SELECT cluster_holder FROM articles", [])?.decode(String?.self, "cluster_holder") }
    }

    /// Until when the story worker holds its lease: every step of the worker pushes it on.
    private func leaseExpiry(_ database: Database) throws -> Date? {
        try database.readBlocking {
            try $0.queryFirst("SELECT expires_at FROM engine_state WHERE name = 'clusterer_lease'", [])?.decode(Date?.self, "expires_at")
        }
    }

    func testArticlesOfRoundsThatStoppedTheProcessAreRetriedAloneAndFinallyLeftOut() async throws {
        let (database, path) = try makeJarvisSQLite(poolSize: 1)
        let limit = StoryWorker.Settings().maxClusterAttempts
        // As a restart finds them: rounds of a process that is gone had taken two of them.
        try insert("stopped-twice", holder: "gone-process", attempts: limit - 1, database)
        try insert("stopped-once", holder: "gone-process", attempts: 0, database)
        try insert("fresh", holder: nil, attempts: 0, database)

        let jarvis = try await RunningJarvis(databaseURL: path)
        addTeardownBlock { await jarvis.stop() }
        let settled = try eventually(StoryTestClient.patienceSeconds) {
            let now = try state(database)
            return now["stopped-once"]!.placed && now["fresh"]!.placed && now["stopped-twice"]!.attempts == limit
        }
        let seen = try state(database)
        XCTAssertTrue(settled, "\(seen)")
        let after = try state(database)
        XCTAssertEqual(after["stopped-once"]!.attempts, 1, "one unfinished round counted; then placed alone")
        XCTAssertEqual(after["fresh"]!.attempts, 0, "a round of this process costs nothing")
        XCTAssertFalse(after["stopped-twice"]!.placed, "left out at the limit")
    }

    func testARoundThatFailsWithoutStoppingTheProcessCostsNoAttempt() async throws {
        let (database, path) = try makeJarvisSQLite(poolSize: 1)
        try insert("unlucky", holder: nil, attempts: 0, database)
        // Every round fails to store its story until the trigger goes: a full disk, a failover.
        try database.writeBlocking { try $0.executeScript("CREATE TRIGGER refuse BEFORE INSERT ON stories BEGIN SELECT RAISE(ABORT, 'transient'); END") }

        let jarvis = try await RunningJarvis(databaseURL: path)
        addTeardownBlock { await jarvis.stop() }
        // A round claims the article and its commit is refused; the worker then starts its next
        // step, renewing the lease (the refused commit's renewal was rolled back). The lease moving
        // on after the claim, the article still unplaced, is a round that failed.
        let claimed = try eventually(StoryTestClient.patienceSeconds) { try claimant(database) != nil }
        XCTAssertTrue(claimed, "a round claimed the article")
        let leaseAtClaim = try leaseExpiry(database)
        let movedOn = try eventually(StoryTestClient.patienceSeconds) { try leaseExpiry(database) != leaseAtClaim }
        XCTAssertTrue(movedOn, "the worker went on after the round")
        XCTAssertEqual(try state(database)["unlucky"]?.placed, false, "the rounds did fail")
        try database.writeBlocking { try $0.executeScript("DROP TRIGGER refuse") }
        let placed = try eventually(StoryTestClient.patienceSeconds) { try state(database)["unlucky"]!.placed }
        XCTAssertTrue(placed, "placed once the database accepts the round again")
        XCTAssertEqual(try state(database)["unlucky"]?.attempts, 0)
    }
}
