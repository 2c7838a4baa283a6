import Foundation
import HTTPServer
import Storage
import StoryEngine
import XCTest
@testable import JarvisAPI

/// One story-worker round done by hand, for tests that need stories without feeds: store the
/// reports as articles, place them with a fresh engine, commit what it decided.
enum EngineRound {
    static func store(_ reports: [EngineArticle], in database: Database) async throws {
        try await database.write { connection in
            for report in reports {
                try connection.execute("""
                    INSERT INTO articles (id, dedup_key, source, source_key, source_url, headline, body, published_at, first_seen_at,
                        updated_at, content_hash, feed_marked_breaking)
                    VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $7, $7, $1, $8)
                    """, [.text(report.id), .text(report.sourceName), .text(report.sourceKey), .text(report.url), .text(report.headline),
                          .text(report.body), report.publishedAt.sqlValue, .integer(report.feedMarkedBreaking ? 1 : 0)])
            }
        }
    }

    static func place(_ reports: [EngineArticle], now: Date) throws -> StoryWrites.Round {
        let placed = try StoryEngine().ingest(reports, now: now)
        var round = StoryWrites.Round()
        for placement in placed.placements {
            round.assignments.append((placement.articleID, placement.storyID))
            round.absorbed += placement.absorbedStoryIDs.map { ($0, placement.storyID) }
            if round.stories[placement.storyID] == nil, let story = placed.stories[placement.storyID] {
                round.stories[placement.storyID] = (story, placement.isNewStory)
            }
        }
        return round
    }

    static func commit(_ round: StoryWrites.Round, to database: Database, now: Date) async throws {
        let writes = StoryWrites(database: database, holder: "test")
        let leased = try await writes.acquireLease(now: now, until: now.addingTimeInterval(30))
        XCTAssertTrue(leased)
        let events = LiveEvents(database: database, logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        try await writes.commit(round, events: [], to: events, now: now, leaseUntil: now.addingTimeInterval(30))
    }
}
