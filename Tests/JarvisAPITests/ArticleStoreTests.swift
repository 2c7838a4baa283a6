import Foundation
import Storage
import XCTest
@testable import JarvisAPI

/// Per-feed deduplication and updates, on a real SQLite file.
final class ArticleStoreTests: XCTestCase {
    private func article(_ key: String, headline: String = "Headline", link: String? = nil,
                         undatedAt fetchTime: Date? = nil) -> IncomingArticle {
        IncomingArticle(dedupKey: key, headline: headline, body: "Body text.", author: nil, imageURL: nil,
                        sourceURL: link ?? "https://example.com/\(key)", outletLink: link.flatMap(OutletLink.key),
                        publishedAt: fetchTime ?? Date(timeIntervalSince1970: 1_800_000_000), isUndated: fetchTime != nil,
                        isBreaking: false)
    }

    func testNewEntriesInsertUnchangedOnesAreLeftAndChangedOnesUpdateTheirArticle() async throws {
        let database = try makeJarvisSQLite().database
        let feed = try await FeedStore(database: database).create(url: URL(string: "https://example.com/feed")!, name: "Ex",
                                                                   interval: 900, now: Date())
        let store = ArticleStore(database: database)
        let now = Date()

        let first = try await store.ingest([article("a"), article("b")], feedID: feed.id, source: "Ex", sourceKey: "example.com",
                                           firstFetch: false, now: now)
        XCTAssertEqual(first, .init(inserted: 2, updated: 0))
        let again = try await store.ingest([article("a"), article("b")], feedID: feed.id, source: "Ex", sourceKey: "example.com",
                                           firstFetch: false, now: now)
        XCTAssertEqual(again, .init(inserted: 0, updated: 0))
        let edited = try await store.ingest([article("a", headline: "Corrected headline")], feedID: feed.id, source: "Ex", sourceKey: "example.com",
                                            firstFetch: false, now: now)
        XCTAssertEqual(edited, .init(inserted: 0, updated: 1))
        let headline = try await database.read {
            try $0.queryFirst("SELECT headline FROM articles WHERE dedup_key = 'a'", [])!.decode(String.self, "headline")
        }
        XCTAssertEqual(headline, "Corrected headline")

        // An update of an article already in a story changes that story's sources: cached first
        // pages of the listing must go, so the ranking generation moves; an unplaced one does not.
        let generation = { try await database.read { try StoryRanking.currentGeneration($0) } }
        let before = try await generation()
        _ = try await store.ingest([article("b", headline: "Still unplaced")], feedID: feed.id, source: "Ex", sourceKey: "example.com",
                                   firstFetch: false, now: now)
        let afterUnplaced = try await generation()
        XCTAssertEqual(afterUnplaced, before)
        try await database.write { try $0.execute("UPDATE articles SET story_id = 'story-1' WHERE dedup_key = 'a'", []) }
        _ = try await store.ingest([article("a", headline: "Corrected again")], feedID: feed.id, source: "Ex", sourceKey: "example.com",
                                   firstFetch: false, now: now)
        let afterPlaced = try await generation()
        XCTAssertEqual(afterPlaced, before + 1)

        // Deleting the feed keeps its articles (they belong to stories), detached from the feed.
        let deleted = try await FeedStore(database: database).delete(id: feed.id)
        XCTAssertTrue(deleted)
        let orphans = try await database.read {
            try $0.queryFirst("SELECT COUNT(*) AS n FROM articles WHERE feed_id IS NULL", [])!.decode(Int.self, "n")
        }
        XCTAssertEqual(orphans, 2)
    }

    func testUndatedEntriesOfAFeedsFirstFetchAreOfUnknownAgeOnSQLite() async throws {
        try await undatedEntries(makeJarvisSQLite().database)
    }

    func testUndatedEntriesOfAFeedsFirstFetchAreOfUnknownAgeOnPostgres() async throws {
        try await undatedEntries(makeJarvisPostgres(prefix: "jarvis_age_unknown"))
    }

    /// At a feed's first fetch an undated entry may be weeks old; one that appears at a later fetch
    /// came out since the previous one. An edit never moves an undated entry's time.
    private func undatedEntries(_ database: Database) async throws {
        let feed = try await FeedStore(database: database).create(url: URL(string: "https://example.com/feed")!, name: "Ex",
                                                                   interval: 900, now: Date())
        let store = ArticleStore(database: database)
        let firstFetch = Date(timeIntervalSince1970: 1_800_000_000)
        let secondFetch = firstFetch.addingTimeInterval(900)
        _ = try await store.ingest([article("backlog", undatedAt: firstFetch), article("dated")], feedID: feed.id, source: "Ex",
                                   sourceKey: "example.com", firstFetch: true, now: firstFetch)
        _ = try await store.ingest([article("backlog", headline: "Edited", undatedAt: secondFetch), article("dated"),
                                    article("new", undatedAt: secondFetch)],
                                   feedID: feed.id, source: "Ex", sourceKey: "example.com", firstFetch: false, now: secondFetch)
        let rows = try await database.read { connection in
            try connection.query("SELECT dedup_key, age_unknown, published_at, headline FROM articles ORDER BY dedup_key", [])
                .map { (key: try $0.decode(String.self, "dedup_key"), ageUnknown: try $0.decode(Int.self, "age_unknown"),
                        publishedAt: try $0.decode(Date.self, "published_at"), headline: try $0.decode(String.self, "headline")) }
        }
        XCTAssertEqual(rows.map(\.key), ["backlog", "dated", "new"])
        XCTAssertEqual(rows.map(\.ageUnknown), [1, 0, 0])
        XCTAssertEqual(rows[0].headline, "Edited")
        XCTAssertEqual(rows[0].publishedAt, firstFetch, "an edit is no new report")
        XCTAssertEqual(rows[2].publishedAt, secondFetch)

        // The entry later carries a date: it is of known age.
        _ = try await store.ingest([article("backlog", headline: "Edited and dated")], feedID: feed.id, source: "Ex",
                                   sourceKey: "example.com", firstFetch: false, now: secondFetch)
        let dated = try await database.read {
            try $0.queryFirst("SELECT age_unknown FROM articles WHERE dedup_key = 'backlog'", [])!.decode(Int.self, "age_unknown")
        }
        XCTAssertEqual(dated, 0)
    }

    func testAReportInTwoFeedsOfOneOutletIsOneArticleOnSQLite() async throws {
        try await reportInTwoFeeds(makeJarvisSQLite().database)
    }

    func testAReportInTwoFeedsOfOneOutletIsOneArticleOnPostgres() async throws {
        try await reportInTwoFeeds(makeJarvisPostgres(prefix: "jarvis_outlet_link"))
    }

    /// The outlet's world and Africa feeds list one report (campaign tags differ): it is stored
    /// once. Another outlet's page, a live blog's second entry at one link within a feed, and
    /// entries whose link is the front page are each their own article.
    private func reportInTwoFeeds(_ database: Database) async throws {
        let feeds = FeedStore(database: database)
        let world = try await feeds.create(url: URL(string: "https://feeds.example.com/world")!, name: "Ex World", interval: 900, now: Date())
        let africa = try await feeds.create(url: URL(string: "https://www.example.com/africa")!, name: "Ex Africa", interval: 900, now: Date())
        let other = try await feeds.create(url: URL(string: "https://other.example/feed")!, name: "Other", interval: 900, now: Date())
        let store = ArticleStore(database: database)
        let report = "https://www.example.com/news/kenya-rates-123"
        let front = "https://www.example.com/"

        let first = try await store.ingest([article("guid:1", link: report + "?utm_campaign=world"),
                                            article("guid:live-1", link: report + "-live"), article("guid:live-2", link: report + "-live"),
                                            article("guid:f1", link: front)],
                                           feedID: world.id, source: "Ex World", sourceKey: "example.com", firstFetch: false, now: Date())
        XCTAssertEqual(first, .init(inserted: 4, updated: 0))
        let second = try await store.ingest([article("guid:a1", link: report + "?utm_campaign=africa"), article("guid:f2", link: front),
                                             article("guid:a2", link: "https://www.example.com/news/nigeria-vote-9")],
                                            feedID: africa.id, source: "Ex Africa", sourceKey: "example.com", firstFetch: false, now: Date())
        XCTAssertEqual(second, .init(inserted: 2, updated: 0, fromOtherFeed: 1))
        let again = try await store.ingest([article("guid:a1", link: report + "?utm_campaign=africa")],
                                           feedID: africa.id, source: "Ex Africa", sourceKey: "example.com", firstFetch: false, now: Date())
        XCTAssertEqual(again, .init(inserted: 0, updated: 0, fromOtherFeed: 1), "still left out at the next poll")
        let elsewhere = try await store.ingest([article("guid:1", link: report)], feedID: other.id, source: "Other",
                                               sourceKey: "other.example", firstFetch: false, now: Date())
        XCTAssertEqual(elsewhere, .init(inserted: 1, updated: 0), "another outlet's entry is its own article")

        // After the first feed is deleted its articles stay in their stories: still one report.
        _ = try await feeds.delete(id: world.id)
        let afterDelete = try await store.ingest([article("guid:a1", link: report)], feedID: africa.id, source: "Ex Africa",
                                                 sourceKey: "example.com", firstFetch: false, now: Date())
        XCTAssertEqual(afterDelete, .init(inserted: 0, updated: 0, fromOtherFeed: 1))
        let stored = try await database.read {
            try $0.queryFirst("SELECT COUNT(*) AS n FROM articles WHERE source_key = 'example.com'", [])!.decode(Int.self, "n")
        }
        XCTAssertEqual(stored, 6)
    }

    func testAnEntryKeyTooLongForAnIndexIsStoredAndDeduplicatedOnSQLite() async throws {
        try await longKey(makeJarvisSQLite().database)
    }

    func testAnEntryKeyTooLongForAnIndexIsStoredAndDeduplicatedOnPostgres() async throws {
        try await longKey(makeJarvisPostgres(prefix: "jarvis_long_key"))
    }

    /// A guid of 8 kB (random, so PostgreSQL cannot compress it under its index limit) is one
    /// article, found again on the next fetch; the feed's other entries are stored beside it.
    private func longKey(_ database: Database) async throws {
        let feed = try await FeedStore(database: database).create(url: URL(string: "https://example.com/feed")!, name: "Ex",
                                                                   interval: 900, now: Date())
        let store = ArticleStore(database: database)
        let hugeKey = "guid:" + (0 ..< 230).map { _ in UUID().uuidString }.joined()
        let entries = [article(hugeKey), article("guid:short")]
        let first = try await store.ingest(entries, feedID: feed.id, source: "Ex", sourceKey: "example.com", firstFetch: false, now: Date())
        XCTAssertEqual(first, .init(inserted: 2, updated: 0))
        let again = try await store.ingest(entries, feedID: feed.id, source: "Ex", sourceKey: "example.com", firstFetch: false, now: Date())
        XCTAssertEqual(again, .init(inserted: 0, updated: 0))
        let longest = try await database.read {
            try $0.queryFirst("SELECT MAX(LENGTH(dedup_key)) AS n FROM articles", [])!.decode(Int.self, "n")
        }
        XCTAssertLessThanOrEqual(longest, IncomingArticle.maximumStoredKeyBytes)
    }

    /// SQLite stored long keys as written before they were hashed: such an article is found
    /// again, not stored a second time.
    func testAnArticleStoredUnderItsLongKeyAsWrittenIsFoundAgain() async throws {
        let database = try makeJarvisSQLite().database
        let feed = try await FeedStore(database: database).create(url: URL(string: "https://example.com/feed")!, name: "Ex",
                                                                   interval: 900, now: Date())
        let entry = article("link:https://example.com/" + String(repeating: "long-path/", count: 150))
        try await database.write { connection in
            try connection.execute("""
                INSERT INTO articles (id, feed_id, dedup_key, source, source_url, headline, body, published_at, first_seen_at,
                    updated_at, content_hash)
                VALUES ('stored-before', $1, $2, 'Ex', $3, $4, $5, 0, 0, 0, $6)
                """, [.text(feed.id), .text(entry.dedupKey), .text(entry.sourceURL), .text(entry.headline), .text(entry.body),
                      .text(entry.contentHash)])
        }
        let again = try await ArticleStore(database: database).ingest([entry], feedID: feed.id, source: "Ex", sourceKey: "example.com",
                                                                     firstFetch: false, now: Date())
        XCTAssertEqual(again, .init(inserted: 0, updated: 0))
    }
}
