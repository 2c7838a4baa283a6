import Foundation
import Storage

/// Stores a feed's entries: new ones become articles, changed ones update theirs, unchanged
/// ones are left alone. Deduplication is per feed, on `IncomingArticle.dedupKey`; and a report
/// the outlet's other feed already brought in (same `OutletLink`) is not stored a second time.
struct ArticleStore: Sendable {
    let database: Database

    struct Outcome: Equatable {
        var inserted = 0
        var updated = 0
        /// New entries left out because another feed of the outlet already brought the report.
        var fromOtherFeed = 0
    }

    /// `sourceKey` names the outlet (see `SourceKey`), so its feeds count as one source in stories.
    /// `firstFetch`: the feed was never fetched before, so an undated entry in it may be of any age
    /// (`age_unknown`); at a later fetch an undated entry is new since the previous one, and its
    /// fetch time is as good as a date.
    func ingest(_ articles: [IncomingArticle], feedID: String, source: String, sourceKey: String, firstFetch: Bool,
                now: Date) async throws -> Outcome {
        try await database.transaction { connection in
            var outcome = Outcome()
            for article in articles {
                let hash = article.contentHash
                // Also under the key as written: SQLite stored long keys so before they were hashed.
                let existing = try connection.queryFirst(
                    "SELECT id, content_hash, story_id FROM articles WHERE feed_id = $1 AND dedup_key IN ($2, $3)",
                    [.text(feedID), .text(article.storedDedupKey), .text(article.dedupKey)])
                if let existing {
                    guard try existing.decode(String.self, "content_hash") != hash else { continue }
                    // An undated entry keeps the time it was first seen: an edit is no new report. One
                    // that now carries a date is of known age.
                    try connection.execute("""
                        UPDATE articles SET headline = $1, body = $2, author = $3, image_url = $4, source_url = $5,
                            published_at = COALESCE($6, published_at), feed_marked_breaking = $7, content_hash = $8,
                            updated_at = $9, age_unknown = CASE WHEN $6 IS NULL THEN age_unknown ELSE 0 END WHERE id = $10
                        """, [.text(article.headline), .text(article.body), article.author.sqlValue, article.imageURL.sqlValue,
                              .text(article.sourceURL), article.isUndated ? .null : article.publishedAt.sqlValue,
                              article.isBreaking.sqlValue, .text(hash), now.sqlValue,
                              .text(try existing.decode(String.self, "id"))])
                    // A placed article's link and date show in its story's `sources`: listings cut
                    // before this change must not be served again (`StoryFirstPageCache`).
                    if try existing.decode(String?.self, "story_id") != nil {
                        try StoryRanking.advanceGeneration(connection)
                        // Its story was composed from the old text (a toll revised in place to 15 dead
                        // must not stay at 11 on the card).
                        try connection.execute("UPDATE articles SET revised = 1, revised_at = $1 WHERE id = $2",
                                               [now.sqlValue, .text(try existing.decode(String.self, "id"))])
                    }
                    outcome.updated += 1
                } else if try isStoredFromOtherFeed(article, feedID: feedID, sourceKey: sourceKey, connection) {
                    outcome.fromOtherFeed += 1
                } else {
                    // ON CONFLICT: another process may have stored the same entry a moment ago.
                    let changed = try connection.execute("""
                        INSERT INTO articles (id, feed_id, dedup_key, source, source_url, headline, body, author, image_url,
                            published_at, first_seen_at, updated_at, content_hash, feed_marked_breaking, source_key, outlet_link,
                            age_unknown)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16)
                        ON CONFLICT (feed_id, dedup_key) DO NOTHING
                        """, [.text(UUID().uuidString.lowercased()), .text(feedID), .text(article.storedDedupKey), .text(source),
                              .text(article.sourceURL), .text(article.headline), .text(article.body), article.author.sqlValue,
                              article.imageURL.sqlValue, article.publishedAt.sqlValue, now.sqlValue, .text(hash),
                              article.isBreaking.sqlValue, .text(sourceKey), article.storedOutletLink.sqlValue,
                              (article.isUndated && firstFetch).sqlValue])
                    outcome.inserted += changed
                }
            }
            return outcome
        }
    }

    /// Whether the outlet's report at this link is already stored from another of its feeds (or
    /// from a feed since deleted). Within one feed the entry key alone decides: a live blog's
    /// updates are different entries at one link.
    private func isStoredFromOtherFeed(_ article: IncomingArticle, feedID: String, sourceKey: String,
                                       _ connection: any DatabaseConnection) throws -> Bool {
        guard let link = article.storedOutletLink, !sourceKey.isEmpty else { return false }
        return try connection.queryFirst("""
            SELECT 1 AS found FROM articles
            WHERE source_key = $1 AND outlet_link = $2 AND (feed_id IS NULL OR feed_id <> $3) LIMIT 1
            """, [.text(sourceKey), .text(link), .text(feedID)]) != nil
    }
}
