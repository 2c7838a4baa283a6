import Foundation
import StoryEngine
import Storage

/// Every write the story worker makes, in one place. Each round commits in one transaction
/// that first re-checks the worker's lease, so a process that lost the lease (paused, slow)
/// can never overwrite what the new holder decided.
struct StoryWrites: Sendable {
    let database: Database
    let holder: String
    /// Called once a round has committed (the server's `ServedCounts.invalidate`).
    var committed: @Sendable () -> Void = {}

    /// What one round decided, applied together.
    struct Round: Sendable {
        var assignments: [(articleID: String, storyID: String)] = []
        var absorbed: [(storyID: String, into: String)] = []
        /// The latest snapshot of each story the round touched, and whether the round created it.
        var stories: [String: (snapshot: StorySnapshot, isNew: Bool)] = [:]
        var staleStoryIDs: [String] = []
        /// Revised articles whose stories the round recomposed, as of the revision read (`updated_at`).
        var revisions: [(articleID: String, updatedAt: Date)] = []

        var isEmpty: Bool { assignments.isEmpty && stories.isEmpty && staleStoryIDs.isEmpty && revisions.isEmpty }
    }

    /// Another process holds the lease, or held it since this engine last read the database.
    struct LeaseLost: Error {}

    /// Takes or renews the clustering lease. True when this process holds it until `until`.
    func acquireLease(now: Date, until: Date) async throws -> Bool {
        let holder = self.holder
        return try await database.write { connection in
            try Self.renew(holder: holder, now: now, until: until, connection)
        }
    }

    /// Applies `round` and advances the ranking generation; throws `LeaseLost` (writing
    /// nothing) when another process holds the lease. `events` describe the round: on
    /// PostgreSQL they leave as NOTIFYs of this very transaction; otherwise they are published
    /// once it has committed.
    func commit(_ round: Round, events: [JarvisEvent], to live: LiveEvents, now: Date, leaseUntil: Date) async throws {
        let holder = self.holder
        let sent = try await database.transaction { connection in
            guard try Self.renew(holder: holder, now: now, until: leaseUntil, connection) else { throw LeaseLost() }
            for (articleID, storyID) in round.assignments {
                // Already placed means another process held the lease meanwhile (this one was
                // paused past its expiry): its decisions stand, and this engine is out of date.
                guard try connection.execute("UPDATE articles SET story_id = $1 WHERE id = $2 AND story_id IS NULL",
                                             [.text(storyID), .text(articleID)]) == 1 else { throw LeaseLost() }
            }
            for (storyID, survivor) in round.absorbed {
                try connection.execute("UPDATE articles SET story_id = $1 WHERE story_id = $2", [.text(survivor), .text(storyID)])
                try connection.execute("UPDATE stories SET state = 'merged', merged_into = $1, updated_at = $2 WHERE id = $3",
                                       [.text(survivor), now.sqlValue, .text(storyID)])
            }
            for (snapshot, isNew) in round.stories.values {
                try Self.save(snapshot, isNew: isNew, now: now, connection)
            }
            for storyID in round.staleStoryIDs {
                try connection.execute("UPDATE stories SET state = 'stale', updated_at = $1 WHERE id = $2 AND state = 'live'",
                                       [now.sqlValue, .text(storyID)])
            }
            for (articleID, updatedAt) in round.revisions {
                // A newer revision stored meanwhile keeps its flag for the next round.
                try connection.execute("UPDATE articles SET revised = 0 WHERE id = $1 AND updated_at = $2",
                                       [.text(articleID), updatedAt.sqlValue])
            }
            try StoryRanking.advanceGeneration(connection)
            return try live.notify(events, at: now, in: connection)
        }
        committed()
        if !sent { events.forEach(live.publish) }
    }

    /// Gives the lease up (at shutdown), if this process still holds it.
    func releaseLease() async throws {
        let holder = self.holder
        try await database.write { connection in
            try connection.execute("UPDATE engine_state SET holder = NULL, expires_at = 0 WHERE name = 'clusterer_lease' AND holder = $1",
                                   [.text(holder)])
        }
    }

    /// Live stories whose latest article is older than `cutoff`: the ones to take out of the feed.
    func storiesGoneQuiet(before cutoff: Date) async throws -> [String] {
        try await database.read { connection in
            try connection.query("SELECT id FROM stories WHERE state = 'live' AND latest_article_at < $1",
                                 [cutoff.sqlValue]).map { try $0.decode(String.self, "id") }
        }
    }

    func pruneRankings(before cutoff: Date) async throws {
        try await database.write { try StoryRanking.prune(before: cutoff, $0) }
    }

    static func renew(holder: String, now: Date, until: Date, _ connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("""
            UPDATE engine_state SET holder = $1, expires_at = $2
            WHERE name = 'clusterer_lease' AND (holder = $1 OR holder IS NULL OR expires_at < $3)
            """, [.text(holder), until.sqlValue, now.sqlValue]) == 1
    }

    private static func save(_ story: StorySnapshot, isNew: Bool, now: Date, _ connection: any DatabaseConnection) throws {
        let b = story.breakdown
        let values: [SQLValue] = [
            .text(story.id), .text(story.headline), .text(story.summary), .text(story.topic.rawValue), story.isListed.sqlValue,
            .integer(Int64(b.sourceAuthority)), .integer(Int64(b.freshness)), .integer(Int64(b.localRelevance)),
            .integer(Int64(b.crossSourceConfirmation)), .integer(Int64(b.topicImportance)), .integer(Int64(b.signalScore)),
            .integer(Int64(story.sourceCount)), story.consensus.sqlValue, story.conflict.sqlValue,
            story.latestArticleAt.sqlValue, now.sqlValue,
        ]
        if isNew {
            try connection.execute("""
                INSERT INTO stories (id, seq, headline, summary, topic, listed, source_authority, freshness, local_relevance,
                    cross_source_confirmation, topic_importance, signal_score, source_count, consensus, conflict,
                    latest_article_at, created_at, updated_at)
                VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM stories), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
                    $13, $14, $15, $16, $16)
                """, values)
        } else {
            try connection.execute("""
                UPDATE stories SET headline = $2, summary = $3, topic = $4, listed = $5, source_authority = $6, freshness = $7,
                    local_relevance = $8, cross_source_confirmation = $9, topic_importance = $10, signal_score = $11,
                    source_count = $12, consensus = $13, conflict = $14, latest_article_at = $15, updated_at = $16,
                    state = 'live'
                WHERE id = $1
                """, values)
        }
        // The engine's verdict covers the articles it composes from (each outlet's first and newest report);
        // an article its feed flagged is breaking whether sampled or not (a follow-up of an
        // outlet already in the story): one statement, however many there are.
        try connection.execute("UPDATE articles SET is_breaking = 0 WHERE story_id = $1 AND is_breaking = 1 AND feed_marked_breaking = 0",
                               [.text(story.id)])
        for articleID in story.breakingArticleIDs {
            try connection.execute("UPDATE articles SET is_breaking = 1 WHERE id = $1 AND is_breaking = 0", [.text(articleID)])
        }
        try connection.execute("UPDATE articles SET is_breaking = 1 WHERE story_id = $1 AND feed_marked_breaking = 1 AND is_breaking = 0",
                               [.text(story.id)])
    }
}
