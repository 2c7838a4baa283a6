import Foundation
import HTTPServer
import Storage
import XCTest
@testable import JarvisAPI

/// `GET /stories` orders by `signalScore` descending, then by the newest article; stale and
/// unlisted stories are left out, and `total` counts what the filter matches.
final class StoryOrderTests: XCTestCase {
    func testHigherScoresFirstThenTheNewestAmongEqualScores() async throws {
        let database = try makeJarvisSQLite().database
        let stories: [(id: String, score: Int, minutesAgo: Int, state: String, listed: Int)] = [
            ("older-tie", 50, 90, "live", 1), ("top", 70, 300, "live", 1), ("newer-tie", 50, 10, "live", 1),
            ("low", 20, 1, "live", 1), ("stale", 90, 5, "stale", 1), ("unlisted", 95, 5, "live", 0),
        ]
        let now = Date()
        try await database.write { connection in
            for (seq, story) in stories.enumerated() {
                let latest = now.addingTimeInterval(Double(-story.minutesAgo * 60)).sqlValue
                try connection.execute("""
                    INSERT INTO stories (id, seq, headline, summary, topic, listed, source_authority, freshness, local_relevance,
                        cross_source_confirmation, topic_importance, signal_score, source_count, state, latest_article_at,
                        created_at, updated_at)
                    VALUES ($1, $2, 'Headline', 'Summary.', 'tech', $3, 10, 10, 0, 0, 10, $4, 1, $5, $6, $6, $6)
                    """, [.text(story.id), .integer(Int64(seq)), .integer(Int64(story.listed)), .integer(Int64(story.score)),
                          .text(story.state), latest])
            }
        }
        let page = try await StoryReads(database: database).page(try StoryFilter(query: QueryParameters("limit=10")), now: now).page
        XCTAssertEqual(page.data.map(\.id), ["top", "newer-tie", "older-tie", "low"])
        XCTAssertEqual(page.total, 4)
        let filtered = try await StoryReads(database: database).page(try StoryFilter(query: QueryParameters("min_signal=50")), now: now).page
        XCTAssertEqual(filtered.data.map(\.id), ["top", "newer-tie", "older-tie"])
        XCTAssertEqual(filtered.total, 3)
    }
}
