import Foundation
import Storage
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// The archive stays bounded: what left the feed before the horizon is deleted with its
/// articles, and one fetch stores a bounded number of recent entries.
final class ArchiveRetentionTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let retention = ArchiveRetention(seconds: 30 * 86_400)

    private func entry(_ key: String, daysAgo: Double) -> IncomingArticle {
        IncomingArticle(dedupKey: key, headline: key, body: "Body.", author: nil, imageURL: nil, sourceURL: "https://example.com/\(key)",
                        outletLink: nil, publishedAt: now.addingTimeInterval(-daysAgo * 86_400), isUndated: false,
                        isBreaking: false)
    }

    func testAFetchStoresItsNewestRecentEntriesInFeedOrder() {
        let old = [entry("old-1", daysAgo: 31), entry("old-2", daysAgo: 400)]
        let recent = (0 ..< ArchiveRetention.maxEntriesPerFetch + 100).map { entry("r\($0)", daysAgo: Double($0) / 100) }
        let stored = retention.entriesToStore(old + recent.reversed(), now: now)
        XCTAssertEqual(stored.count, ArchiveRetention.maxEntriesPerFetch)
        XCTAssertEqual(stored.map(\.dedupKey), recent.prefix(ArchiveRetention.maxEntriesPerFetch).reversed().map(\.dedupKey),
                       "the newest, in the order the feed gave them")
        XCTAssertEqual(retention.entriesToStore(old + [entry("today", daysAgo: 0)], now: now).map(\.dedupKey), ["today"])
    }

    func testPruningDeletesWhatLeftTheFeedBeforeTheHorizonOnSQLite() async throws {
        try await pruning(makeJarvisSQLite().database)
    }

    func testPruningDeletesWhatLeftTheFeedBeforeTheHorizonOnPostgres() async throws {
        try await pruning(makeJarvisPostgres(prefix: "jarvis_archive"))
    }

    private func pruning(_ database: Database) async throws {
        let stories: [(id: String, state: String, daysAgo: Double, articles: Int)] = [
            ("old-stale", "stale", 40, 2), ("old-merged", "merged", 45, 0), ("recent-stale", "stale", 2, 1), ("live", "live", 0.1, 1),
        ]
        let now = self.now
        try await database.write { connection in
            for (seq, story) in stories.enumerated() {
                let latest = now.addingTimeInterval(-story.daysAgo * 86_400).sqlValue
                try connection.execute("""
                    INSERT INTO stories (id, seq, headline, summary, topic, listed, source_authority, freshness, local_relevance,
                        cross_source_confirmation, topic_importance, signal_score, source_count, state, latest_article_at,
                        created_at, updated_at)
                    VALUES ($1, $2, 'Headline', 'Summary.', 'tech', 1, 10, 10, 0, 0, 10, 30, 1, $3, $4, $4, $4)
                    """, [.text(story.id), .integer(Int64(seq)), .text(story.state), latest])
                for index in 0 ..< story.articles {
                    try Self.insertArticle("\(story.id)-\(index)", storyID: story.id, seenAt: latest, connection)
                }
            }
            try Self.insertArticle("unplaced-old", storyID: nil, seenAt: now.addingTimeInterval(-31 * 86_400).sqlValue, connection)
            try Self.insertArticle("unplaced-new", storyID: nil, seenAt: now.sqlValue, connection)
        }

        let pruned = try await retention.prune(now: now, on: database)
        XCTAssertEqual(pruned.stories, 2)
        XCTAssertEqual(pruned.articles, 3)
        let left = try await database.read { connection in
            (try connection.query("SELECT id FROM stories ORDER BY id", []).map { try $0.decode(String.self, "id") },
             try connection.query("SELECT id FROM articles ORDER BY id", []).map { try $0.decode(String.self, "id") })
        }
        XCTAssertEqual(left.0, ["live", "recent-stale"])
        XCTAssertEqual(left.1, ["live-0", "recent-stale-0", "unplaced-new"])
        let again = try await retention.prune(now: now, on: database)
        XCTAssertEqual(again.stories + again.articles, 0)
    }

    func testTheRunningServerPrunesTheArchive() async throws {
        let (database, path) = try makeJarvisSQLite(poolSize: 1)
        let longAgo = Date().addingTimeInterval(-4 * 86_400).sqlValue
        try await database.write { connection in
            try connection.execute("""
                INSERT INTO stories (id, seq, headline, summary, topic, listed, source_authority, freshness, local_relevance,
                    cross_source_confirmation, topic_importance, signal_score, source_count, state, latest_article_at,
                    created_at, updated_at)
                VALUES ('expired', 1, 'Headline', 'Summary.', 'tech', 1, 10, 10, 0, 0, 10, 30, 1, 'stale', $1, $1, $1)
                """, [longAgo])
            try Self.insertArticle("expired-0", storyID: "expired", seenAt: longAgo, connection)
        }
        // The shortest archive allowed: stale after a minute, plus the 72 h clustering window.
        let jarvis = try await RunningJarvis(environment: ["JARVIS_ARCHIVE_DAYS": "3.01", "JARVIS_STORY_STALE_SECONDS": "60"],
                                             databaseURL: path)
        addTeardownBlock { await jarvis.stop() }
        let gone = try eventually(20) {
            try database.readBlocking { try $0.queryFirst("SELECT COUNT(*) AS n FROM articles", [])!.decode(Int.self, "n") } == 0
        }
        XCTAssertTrue(gone, "the story worker prunes at start and then hourly")
        XCTAssertEqual(try curl([jarvis.url + "/stories/expired"]).status, 404)
    }

    /// An archive shorter than a day to go stale plus 72 h.
    func testAnArchiveShorterThanStalenessPlusTheClusteringWindowIsRefusedAtStartUp() async throws {
        await RunningJarvis.assertRefusesToStart(environment: ["JARVIS_ARCHIVE_DAYS": "3"],
                                                 saying: "JARVIS_ARCHIVE_DAYS must be at least 4 (the time")
    }

    func testTheDefaultArchiveGrowsToTheShortestSafeOne() throws {
        let fourDays = 4.0 * 86_400, fortyDays = 40.0 * 86_400
        XCTAssertEqual(try ArchiveRetention(environment: [:], keepingAtLeast: fourDays).seconds, 30 * 86_400)
        XCTAssertEqual(try ArchiveRetention(environment: [:], keepingAtLeast: fortyDays).seconds, fortyDays,
                       "stories kept live for weeks are archived at least that long")
        XCTAssertEqual(try ArchiveRetention(environment: ["JARVIS_ARCHIVE_DAYS": "45"], keepingAtLeast: fortyDays).seconds, 45 * 86_400)
        XCTAssertThrowsError(try ArchiveRetention(environment: ["JARVIS_ARCHIVE_DAYS": "35"], keepingAtLeast: fortyDays))
    }

    private static func insertArticle(_ id: String, storyID: String?, seenAt: SQLValue, _ connection: any DatabaseConnection) throws {
        try connection.execute("""
            INSERT INTO articles (id, dedup_key, source, source_url, headline, body, published_at, first_seen_at, updated_at,
                content_hash, story_id)
            VALUES ($1, $1, 'Example', $2, 'Headline', 'Body.', $3, $3, $3, $1, $4)
            """, [.text(id), .text("https://example.com/\(id)"), seenAt, storyID.map { .text($0) } ?? .null])
    }
}
