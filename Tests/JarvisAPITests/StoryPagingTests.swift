import Foundation
import Storage
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `GET /stories` paging: the `after` cursor is stable while new stories arrive and scores
/// move — no story is skipped or repeated, and `total` stays what the first page said.
final class StoryPagingTests: XCTestCase {
    func testPagingThroughWhileNewStoriesArriveSkipsAndRepeatsNothing() async throws {
        try await pageThroughWhileNewStoriesArrive(databaseURL: nil)
    }

    func testPagingOnPostgreSQLSkipsAndRepeatsNothing() async throws {
        try await pageThroughWhileNewStoriesArrive(databaseURL: try makePostgresSchemaURL(prefix: "jarvis_paging"))
    }

    private func pageThroughWhileNewStoriesArrive(databaseURL: String?) async throws {
        let jarvis = try await RunningJarvis(databaseURL: databaseURL)
        let newsroom = try Newsroom()
        let client = StoryTestClient(jarvis: jarvis)
        let outlets = newsroom.manifest.outlets
        let firstHalf = Array(outlets.prefix(outlets.count / 2))
        try client.subscribe(newsroom, outlets: firstHalf)
        try await client.waitForClustering(articles: newsroom.articleCount(outlets: firstHalf))

        let first = try client.stories("?limit=3").page
        XCTAssertGreaterThan(first.total, 3, "the first half of the newsroom lists more than one page")
        var seen = first.data.map(\.id)
        var cursor = first.nextCursor

        // The other half arrives mid-way, all of it placed before the next page is asked for:
        // new stories, and new sources for existing ones.
        try client.subscribe(newsroom, outlets: Array(outlets.suffix(from: outlets.count / 2)))
        try await client.waitForClustering(articles: newsroom.articleCount())

        while let after = cursor {
            let page = try client.stories("?limit=3&after=\(after)").page
            XCTAssertEqual(page.total, first.total, "total is the first page's")
            seen += page.data.map(\.id)
            cursor = page.nextCursor
            XCTAssertEqual(page.hasMore, page.nextCursor != nil)
        }
        XCTAssertEqual(seen.count, Set(seen).count, "a story was repeated: \(seen)")
        XCTAssertEqual(seen.count, first.total, "a story was skipped")

        let fresh = try client.stories("?limit=3").page
        XCTAssertGreaterThan(fresh.total, first.total, "a new first page (the same query) includes the stories that arrived")
        await jarvis.stop()
        await newsroom.stop()
    }

    func testTheCurrentListingsCursorsOutliveAQuietHour() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_STORY_STALE_SECONDS": "1000000000"])
        addTeardownBlock { await jarvis.stop() }
        let newsroom = try Newsroom()
        addTeardownBlock { await newsroom.stop() }
        let client = StoryTestClient(jarvis: jarvis)
        try client.subscribe(newsroom, outlets: Array(newsroom.manifest.outlets.prefix(4)))
        try await client.waitForClustering(articles: 1)
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        defer { database.close() }
        // An hour passes with no engine commit: the sweep prunes frozen orders older than an hour.
        // The first page (served from the cache all along) must still lead somewhere.
        for _ in 0..<10 {
            let first = try client.stories("?limit=2").page
            let cursor = try XCTUnwrap(first.nextCursor, "more than one page")
            try await StoryWrites(database: database, holder: "test").pruneRankings(before: Date().addingTimeInterval(2 * 3600))
            let next = try curl([jarvis.url + "/stories?limit=2&after=\(cursor)"])
            guard try client.stories("?limit=2").page.nextCursor == cursor else { continue }  // a commit came between: again
            XCTAssertEqual(next.status, 200, next.body)
            return
        }
        XCTFail("the listing never stayed at one generation for a second")
    }

    func testACursorFromAnotherFilterOrForgedIsRefused() async throws {
        let jarvis = try await RunningJarvis()
        let forged = Data("v1|5|999|*|0".utf8).base64EncodedString()
        let response = try curl([jarvis.url + "/stories?after=\(forged)"])
        XCTAssertEqual(response.status, 400, response.body)
        XCTAssertTrue(response.body.contains("stories.cursor_expired"), response.body)

        let techCursor = StoryCursor(ranking: StoryRanking.Key(generation: 999, topic: .tech, minSignal: 0), offset: 20).encoded
        for query in ["topic=finance&after=\(techCursor)", "topic=tech&min_signal=10&after=\(techCursor)"] {
            let mismatch = try curl([jarvis.url + "/stories?" + query])
            XCTAssertEqual(mismatch.status, 400, query)
            XCTAssertTrue(mismatch.body.contains("stories.cursor_mismatch"), "\(query): \(mismatch.body)")
        }
        for query in ["topic=tech&after=\(techCursor)", "after=\(techCursor)", "limit=20&after=\(techCursor)&min_signal=0"] {
            let sameFilter = try curl([jarvis.url + "/stories?" + query])
            XCTAssertTrue(sameFilter.body.contains("stories.cursor_expired"), "\(query) gets past the filter check: \(sameFilter.body)")
        }
        await jarvis.stop()
    }

    /// What the document publishes for the query is what is refused: an empty `topic` or
    /// `min_signal` is not one of its values, and `after` holds base64url characters only.
    func testTheQueryIsHeldToItsPublishedSchema() async throws {
        let jarvis = try await RunningJarvis()
        for (query, code) in [("topic=", "stories.invalid_topic"), ("min_signal=", "stories.invalid_min_signal"),
                              ("after=djF8NXw5OTl8KnwwfDA%3D", "stories.invalid_cursor"), ("after=a%2Bb", "stories.invalid_cursor")] {
            let refused = try curl([jarvis.url + "/stories?" + query])
            XCTAssertEqual(refused.status, 400, query)
            XCTAssertTrue(refused.body.contains(code), "\(query): \(refused.body)")
        }
        XCTAssertEqual(try curl([jarvis.url + "/stories?after="]).status, 200, "an empty after is the first page")
        await jarvis.stop()
    }
}
