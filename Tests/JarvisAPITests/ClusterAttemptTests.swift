import Foundation
import Storage
import XCTest
@testable import JarvisAPI

/// An article whose clustering round never finished (the process stopped on it) cannot stop
/// the feed for good: it is retried alone, and left out after `maxClusterAttempts` rounds.
final class ClusterAttemptTests: XCTestCase {
    func testArticlesOfUnfinishedRoundsAreRetriedAndFinallyLeftOut() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("attempts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("j.sqlite").path
        let database = try Database.open(url: path, poolSize: 1)
        defer { database.close() }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        // As a restart finds them: one article tried in as many rounds as allowed, one tried once.
        let attempts = ["left-out": StoryWorker.Settings().maxClusterAttempts, "tried-once": 1, "fresh": 0]
        try database.writeBlocking { connection in
            for (id, tried) in attempts {
                let now = Date().sqlValue
                try connection.execute("""
                    INSERT INTO articles (id, dedup_key, source, source_key, source_url, headline, body, published_at,
                        first_seen_at, updated_at, content_hash, cluster_attempts)
                    VALUES ($1, $1, 'Loopback News', 'loopback.example', $2, $3, 'Markets rose after the decision.', $4, $4, $4, $1, $5)
                    """, [.text(id), .text("https://loopback.example/\(id)"), .text("Central bank decision \(id)"), now,
                          .integer(Int64(tried))])
            }
        }

        let jarvis = try await RunningJarvis(databaseURL: path)
        addTeardownBlock { await jarvis.stop() }
        func state() throws -> [String: (placed: Bool, attempts: Int)] {
            try database.readBlocking { connection in
                Dictionary(uniqueKeysWithValues: try connection.query("SELECT id, story_id, cluster_attempts FROM articles", []).map {
                    (try $0.decode(String.self, "id"),
                     (try $0.decode(String?.self, "story_id") != nil, try $0.decode(Int.self, "cluster_attempts")))
                })
            }
        }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, try !(state()["tried-once"]!.placed && state()["fresh"]!.placed) {
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let placed = try state()
        XCTAssertTrue(placed["tried-once"]!.placed, "an article of an unfinished round is retried")
        XCTAssertTrue(placed["fresh"]!.placed)
        XCTAssertEqual(placed["tried-once"]!.attempts, 2, "each round records its attempt before the engine runs")
        XCTAssertEqual(placed["fresh"]!.attempts, 1)
        XCTAssertFalse(placed["left-out"]!.placed, "an article tried maxClusterAttempts times is left out")
        XCTAssertEqual(placed["left-out"]!.attempts, StoryWorker.Settings().maxClusterAttempts, "and not tried again")
    }
}
