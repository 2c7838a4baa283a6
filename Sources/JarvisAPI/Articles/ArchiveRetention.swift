import Foundation
import Storage

/// How much Jarvis keeps of what it reads, so the database stays bounded however long it runs
/// and whatever a feed sends: stories that left the feed more than `seconds` ago go, with their
/// articles (`JARVIS_ARCHIVE_DAYS`, 30 by default), and one fetch stores at most
/// `maxEntriesPerFetch` entries, none published before that horizon.
struct ArchiveRetention: Sendable {
    var seconds: Double = 30 * 86_400
    /// Rows deleted per statement, so no pass holds the writer for long.
    static let deleteBatch = 500
    /// Passes per call: the story worker calls again at its next step while `more` is true,
    /// renewing its lease in between, so a first prune of a large archive never outlasts it.
    static let passesPerCall = 4
    /// A news feed carries its latest few dozen entries; a document of thousands (an archive,
    /// or a feed rotating its guids) stores only its newest ones.
    static let maxEntriesPerFetch = 500

    /// The entries of one fetch worth storing: none published before the horizon (it would be
    /// pruned at once and stored again at the next fetch) and at most `maxEntriesPerFetch`, the
    /// newest, in the order the feed gave them.
    func entriesToStore(_ entries: [IncomingArticle], now: Date) -> [IncomingArticle] {
        let horizon = now.addingTimeInterval(-seconds)
        let recent = entries.enumerated().filter { $0.element.publishedAt >= horizon }
        guard recent.count > Self.maxEntriesPerFetch else { return recent.map(\.element) }
        let newest = recent.sorted { ($0.element.publishedAt, $1.offset) > ($1.element.publishedAt, $0.offset) }
            .prefix(Self.maxEntriesPerFetch)
        return newest.sorted { $0.offset < $1.offset }.map(\.element)
    }

    /// Deletes what is past the horizon: stories out of the feed (stale or merged) whose latest
    /// article is older, their articles, and articles the worker never placed that old. Live
    /// stories are never touched (a story with no news for a day is stale long before this).
    /// At most `passesPerCall` batches; `more` says whether anything may be left.
    @discardableResult
    func prune(now: Date, on database: Database) async throws -> (stories: Int, articles: Int, more: Bool) {
        let horizon = now.addingTimeInterval(-seconds).sqlValue
        var total = (stories: 0, articles: 0)
        for _ in 0 ..< Self.passesPerCall {
            let pass = try await database.write { connection -> (stories: Int, articles: Int, more: Bool) in
                let expired = try connection.query("""
                    SELECT id FROM stories WHERE state <> 'live' AND latest_article_at < $1 LIMIT \(Self.deleteBatch)
                    """, [horizon]).map { try $0.decode(String.self, "id") }
                var articles = 0
                if !expired.isEmpty {
                    let ids = placeholderList(count: expired.count)
                    let values = expired.map { SQLValue.text($0) }
                    articles = try connection.execute("DELETE FROM articles WHERE story_id IN (\(ids))", values)
                    _ = try connection.execute("DELETE FROM stories WHERE id IN (\(ids))", values)
                }
                let unplaced = try connection.execute("""
                    DELETE FROM articles WHERE id IN (
                        SELECT id FROM articles WHERE story_id IS NULL AND first_seen_at < $1 LIMIT \(Self.deleteBatch))
                    """, [horizon])
                return (expired.count, articles + unplaced, expired.count == Self.deleteBatch || unplaced == Self.deleteBatch)
            }
            total = (total.stories + pass.stories, total.articles + pass.articles)
            if !pass.more { return (total.stories, total.articles, false) }
        }
        return (total.stories, total.articles, true)
    }
}
