import Foundation
import Storage
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `kill -9` of a real `jarvis serve` process while a story round is in flight. After a restart
/// on the same database: no story is half-written, every article ends up in exactly one story,
/// and `/stories` answers what a clean rebuild from the same articles answers.
final class StoryRoundCrashTests: XCTestCase {
    func testKillNineMidRoundThenRestartMatchesACleanRebuildOnSQLite() async throws {
        try await crashMidRound(databaseURL: nil)
    }

    func testKillNineMidRoundThenRestartMatchesACleanRebuildOnPostgres() async throws {
        try await crashMidRound(databaseURL: makePostgresSchemaURL(prefix: "jarvis_crash"))
    }

    private func crashMidRound(databaseURL: String?) async throws {
        let url = try await Self.seedNewsroomArticles(databaseURL: databaseURL)
        if databaseURL == nil {
            addTeardownBlock { ["", "-wal", "-shm"].forEach { try? FileManager.default.removeItem(atPath: url + $0) } }
        }
        let database = try Database.open(url: url, poolSize: 1)
        defer { database.close() }
        let articles = try await Self.count("SELECT COUNT(*) AS n FROM articles", database)
        XCTAssertGreaterThan(articles, 50)
        let arguments = ["--database", url, "--no-access-log"]

        // The crashed process first commits a round of the earlier half of the articles (the
        // later half is held back as if left out), then is killed in the round of the later half.
        try await Self.forgetClustering(database)
        let left = StoryWorker.Settings().maxClusterAttempts
        try await database.write { connection in
            try connection.execute("""
                UPDATE articles SET cluster_attempts = $1 WHERE id IN
                    (SELECT id FROM articles ORDER BY first_seen_at DESC, id DESC LIMIT $2)
                """, [.integer(Int64(left)), .integer(Int64(articles / 2))])
        }
        let crashed = try ServiceProcess("jarvis", arguments: arguments)
        let firstRound = try await Self.poll(seconds: StoryTestClient.patienceSeconds) {
            try await Self.count("SELECT COUNT(*) AS n FROM articles WHERE story_id IS NOT NULL", database) == articles - articles / 2
        }
        XCTAssertTrue(firstRound, "the earlier half was placed and committed")
        try await database.write { try $0.execute("UPDATE articles SET cluster_attempts = 0 WHERE story_id IS NULL", []) }
        let inFlight = try await Self.poll(seconds: StoryTestClient.patienceSeconds) {
            try await Self.count("SELECT COUNT(*) AS n FROM articles WHERE cluster_holder IS NOT NULL AND story_id IS NULL", database) > 0
        }
        crashed.killHard()
        XCTAssertTrue(inFlight, "a round claimed the later half")
        let uncommitted = try await Self.count("SELECT COUNT(*) AS n FROM articles WHERE story_id IS NULL", database)
        XCTAssertGreaterThan(uncommitted, 0, "the kill landed before the round committed")
        let committedStories = try await Self.count("SELECT COUNT(*) AS n FROM stories", database)
        XCTAssertGreaterThan(committedStories, 0)
        try await Self.assertNothingHalfWritten(database)

        let restarted = try ServiceProcess("jarvis", arguments: arguments)
        let recovered = try await Self.settledStories(restarted, database)
        _ = restarted.terminate()
        try await Self.assertNothingHalfWritten(database)

        try await Self.forgetClustering(database)
        let clean = try ServiceProcess("jarvis", arguments: arguments)
        let rebuilt = try await Self.settledStories(clean, database)
        _ = clean.terminate()
        XCTAssertFalse(rebuilt.isEmpty)
        XCTAssertEqual(recovered, rebuilt, "after the crash /stories answers what a clean rebuild does")
        print("story-round crash: \(articles) articles, \(articles - uncommitted) committed in \(committedStories) stories before the kill, "
              + "\(uncommitted) in the killed round; \(rebuilt.count) listed stories, the same after recovery as after a clean rebuild")
    }

    /// The Newsroom's feeds read once by an in-process Jarvis (the product's fetch, parse and
    /// store); then the feeds are dropped, so the processes under test only cluster. Whatever
    /// that server clustered meanwhile is forgotten before each run.
    private static func seedNewsroomArticles(databaseURL: String?) async throws -> String {
        let newsroom = try Newsroom()
        let jarvis = try await RunningJarvis(databaseURL: databaseURL)
        // Half the outlets (about 60 articles, several stories of many sources): enough for the
        // comparison, and the test's three clustering passes stay quick in a debug build.
        let outlets = Array(newsroom.manifest.outlets.prefix(newsroom.manifest.outlets.count / 2))
        try StoryTestClient(jarvis: jarvis).subscribe(newsroom, outlets: outlets)
        let expected = newsroom.articleCount(outlets: outlets)
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        let stored = try await poll(seconds: 60) { try await count("SELECT COUNT(*) AS n FROM articles", database) >= expected }
        XCTAssertTrue(stored, "every Newsroom item stored")
        await jarvis.server.shutdown()
        await newsroom.stop()
        try await database.write { connection in
            try connection.execute("UPDATE articles SET feed_id = NULL", [])
            try connection.execute("DELETE FROM feeds", [])
        }
        database.close()
        if databaseURL == nil {
            // The in-process server's directory goes with it: keep the database (with the
            // write-ahead log it may still have) elsewhere.
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("jarvis-crash-\(UUID().uuidString).sqlite").path
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: jarvis.databaseURL + suffix) {
                try FileManager.default.copyItem(atPath: jarvis.databaseURL + suffix, toPath: copy + suffix)
            }
            return copy
        }
        return jarvis.databaseURL
    }

    /// Every article unplaced and unclaimed, no story, no frozen ranking, no lease holder: what a
    /// database holding only these articles looks like to the story worker.
    private static func forgetClustering(_ database: Database) async throws {
        try await database.write { connection in
            try connection.execute("UPDATE articles SET story_id = NULL, cluster_holder = NULL, cluster_attempts = 0", [])
            try connection.execute("DELETE FROM story_rankings", [])
            try connection.execute("DELETE FROM stories", [])
            try connection.execute("UPDATE engine_state SET holder = NULL, expires_at = 0 WHERE name = 'clusterer_lease'", [])
        }
    }

    /// Every story has articles and counts its outlets right; every placed article's story exists.
    private static func assertNothingHalfWritten(_ database: Database, file: StaticString = #filePath, line: UInt = #line) async throws {
        let empty = try await count("""
            SELECT COUNT(*) AS n FROM stories s WHERE s.state <> 'merged' AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.story_id = s.id)
            """, database)
        XCTAssertEqual(empty, 0, "stories without articles", file: file, line: line)
        let dangling = try await count("""
            SELECT COUNT(*) AS n FROM articles a WHERE a.story_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stories s WHERE s.id = a.story_id)
            """, database)
        XCTAssertEqual(dangling, 0, "articles placed in a story that was never written", file: file, line: line)
        let miscounted = try await count("""
            SELECT COUNT(*) AS n FROM stories s WHERE s.state <> 'merged'
                AND s.source_count <> (SELECT COUNT(DISTINCT a.source_key) FROM articles a WHERE a.story_id = s.id)
            """, database)
        XCTAssertEqual(miscounted, 0, "stories whose outlet count is not their articles'", file: file, line: line)
    }

    /// What `/stories` lists once every article is placed, without the time-dependent parts
    /// (ids, scores, dates): one line per story, sorted.
    private static func settledStories(_ service: ServiceProcess, _ database: Database) async throws -> [String] {
        let settled = try await poll(seconds: StoryTestClient.patienceSeconds) {
            try await count("SELECT COUNT(*) AS n FROM articles WHERE story_id IS NULL", database) == 0
        }
        XCTAssertTrue(settled, "every article placed")
        var lines: [String] = []
        var query = "?limit=100"
        while true {
            let response = try curl([service.url + "/stories" + query])
            XCTAssertEqual(response.status, 200, response.body)
            let page = try AppDecoding.decode(AppPaginatedStories.self, from: response.body)
            lines += page.data.map { story in
                let sources = story.sources.map { "\($0.name) \($0.url)" }.sorted().joined(separator: ", ")
                return "\(story.topic) | \(story.headline) | \(story.summary) | \(story.sourceCount) | "
                    + "\(story.consensus ?? "-") | \(story.conflict ?? "-") | \(sources)"
            }
            guard page.hasMore, let cursor = page.nextCursor else { break }
            query = "?limit=100&after=\(cursor)"
        }
        return lines.sorted()
    }

    private static func count(_ sql: String, _ database: Database) async throws -> Int {
        try await database.read { try $0.queryFirst(sql, [])!.decode(Int.self, "n") }
    }

    private static func poll(seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return false
    }
}
