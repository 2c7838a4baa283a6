import Foundation
import Storage
import XCTest
@testable import JarvisAPI

/// A story absorbed into another keeps its id working: `GET /stories/{id}` answers with the
/// story that absorbed it (through a chain of merges), so an app holding the old id still
/// shows the event.
final class MergedStoryTests: XCTestCase {
    func testAnAbsorbedStorysIdResolvesToTheStoryThatAbsorbedIt() async throws {
        let database = try makeJarvisSQLite().database
        try await database.write { connection in
            for (seq, (id, state, survivor)) in [("first", "merged", "second"), ("second", "merged", "final"), ("final", "live", nil)]
                .enumerated() {
                try connection.execute("""
                    INSERT INTO stories (id, seq, headline, summary, topic, listed, source_authority, freshness, local_relevance,
                        cross_source_confirmation, topic_importance, signal_score, source_count, state, merged_into,
                        latest_article_at, created_at, updated_at)
                    VALUES ($1, $2, $3, 'Summary.', 'tech', 1, 10, 10, 0, 0, 10, 30, 1, $4, $5, 1800000000, 1800000000, 1800000000)
                    """, [.text(id), .integer(Int64(seq)), .text("Headline of \(id)"), .text(state), survivor.map { .text($0) } ?? .null])
            }
            try connection.execute("""
                INSERT INTO articles (id, dedup_key, source, source_url, headline, body, published_at, first_seen_at, updated_at,
                    content_hash, story_id)
                VALUES ('a1', 'a1', 'Example', 'https://example.com/a1', 'Report', 'Body.', 1800000000, 1800000000, 1800000000, 'h', 'final')
                """, [])
        }
        let reads = StoryReads(database: database)
        let followed = try await reads.detail(id: "first")
        XCTAssertEqual(followed?.id, "final")
        XCTAssertEqual(followed?.headline, "Headline of final")
        XCTAssertEqual(followed?.timeline.map(\.articleId), ["a1"])
        let unknown = try await reads.detail(id: "never-existed")
        XCTAssertNil(unknown)
    }
}
