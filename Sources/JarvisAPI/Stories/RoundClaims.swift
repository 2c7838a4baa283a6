import Foundation
import StoryEngine
import Storage

/// Which unplaced articles the next clustering round takes, recorded so that a round which
/// stopped the process can be told apart from one that merely failed.
///
/// Feed text is untrusted, and a round that traps on one article's text never commits: that
/// article would come first again after every restart. So each round writes its process's
/// holder id on its articles (`cluster_holder`, in a transaction that renews the lease). A
/// failed round of a living process leaves its own id there and is simply retried. Articles
/// still carrying another process's id were taken by a round that never finished — that
/// process is gone — and each such article counts one `cluster_attempts` and goes through in a
/// round of its own; at `maxAttempts` it is left out, so one article cannot halt the feed.
struct RoundClaims: Sendable {
    let database: Database
    let holder: String
    let batchSize: Int
    let maxAttempts: Int

    enum Round {
        /// Nothing is waiting.
        case none
        /// The next articles in arrival order; `full` when more may be waiting.
        case batch([EngineArticle], full: Bool)
        /// An article of a round that did not finish, on its `attempt`-th try.
        case alone(EngineArticle, attempt: Int)
        /// An article whose rounds stopped the process `maxAttempts` times: not tried again.
        case leftOut(articleID: String, source: String)
    }

    /// Claims the next round; throws `StoryWrites.LeaseLost` (claiming nothing) when another
    /// process holds the lease.
    func next(now: Date, leaseUntil: Date) async throws -> Round {
        let (holder, batchSize, maxAttempts) = (self.holder, self.batchSize, self.maxAttempts)
        return try await database.transaction { connection in
            guard try StoryWrites.renew(holder: holder, now: now, until: leaseUntil, connection) else { throw StoryWrites.LeaseLost() }
            if let orphan = try connection.queryFirst("""
                SELECT \(Self.columns) FROM articles
                WHERE story_id IS NULL AND cluster_holder IS NOT NULL AND cluster_holder <> $1
                ORDER BY first_seen_at, id LIMIT 1
                """, [.text(holder)]) {
                let article = try StoryWorker.article(orphan)
                let attempt = try orphan.decode(Int.self, "cluster_attempts") + 1
                let leftOut = attempt >= maxAttempts
                try connection.execute("UPDATE articles SET cluster_attempts = $1, cluster_holder = $2 WHERE id = $3",
                                       [.integer(Int64(attempt)), leftOut ? .null : .text(holder), .text(article.id)])
                return leftOut ? .leftOut(articleID: article.id, source: article.sourceName) : .alone(article, attempt: attempt)
            }
            let pending = try connection.query("""
                SELECT \(Self.columns) FROM articles WHERE story_id IS NULL AND cluster_attempts < $1
                ORDER BY first_seen_at, id LIMIT \(batchSize)
                """, [.integer(Int64(maxAttempts))]).map(StoryWorker.article)
            guard !pending.isEmpty else { return .none }
            let ids = placeholderList(count: pending.count, from: 2)
            try connection.execute("UPDATE articles SET cluster_holder = $1 WHERE id IN (\(ids))",
                                   [.text(holder)] + pending.map { .text($0.id) })
            return .batch(pending, full: pending.count == batchSize)
        }
    }

    private static let columns =
        "id, source, source_key, headline, body, source_url, published_at, feed_marked_breaking, age_unknown, cluster_attempts, revised_at"
}
