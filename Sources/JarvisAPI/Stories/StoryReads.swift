import APIToolkit
import Foundation
import Storage
import StoryComposition

/// Every read behind `GET /stories`, `GET /stories/{id}` and `GET /articles/{id}`, in one place.
struct StoryReads: Sendable {
    let database: Database

    /// Sources listed per story on list items: enough for the row's logos, bounded in size.
    static let maximumSourcesPerItem = 20
    /// Timeline entries per story detail.
    static let maximumTimeline = 200

    /// A page of the listing and the frozen order it was cut from. Served from a read
    /// connection when the frozen order exists (the common case, and every page after the
    /// first); the first request at a new generation freezes it through the writer.
    func page(_ filter: StoryFilter, now: Date) async throws -> (page: PaginatedStories, ranking: StoryRanking.Key) {
        if let page = try await database.read({ try Self.page(filter, freezing: false, now: now, $0) }) { return page }
        guard filter.after == nil else {
            throw APIError.badRequest("This listing has expired; start again without after", code: "stories.cursor_expired")
        }
        return try await database.transaction { try Self.page(filter, freezing: true, now: now, $0)! }
    }

    /// The ranking generation stories are at now.
    func currentGeneration() async throws -> Int {
        try await database.read { try StoryRanking.currentGeneration($0) }
    }

    /// Nil when the order is not frozen yet and `freezing` is false.
    private static func page(_ filter: StoryFilter, freezing: Bool, now: Date, _ connection: any DatabaseConnection) throws
        -> (page: PaginatedStories, ranking: StoryRanking.Key)? {
        let key: StoryRanking.Key, offset: Int
        if let cursor = filter.after {
            (key, offset) = (cursor.ranking, cursor.offset)
        } else {
            let generation = try StoryRanking.currentGeneration(connection, locking: freezing)
            (key, offset) = (StoryRanking.Key(generation: generation, topic: filter.topic, minSignal: filter.minSignal), 0)
        }
        guard let order = try StoryRanking.order(for: key, create: freezing, now: now, connection) else { return nil }
        let slice = Array(order.dropFirst(offset).prefix(filter.limit))
        let stories = try liveStories(seqs: slice, connection)
        let sources = try sources(of: stories.map(\.id), connection)
        let hasMore = offset + slice.count < order.count
        let page = PaginatedStories(
            data: stories.map { $0.summary(sources: sources[$0.id] ?? []) },
            nextCursor: hasMore ? StoryCursor(ranking: key, offset: offset + slice.count).encoded : nil,
            hasMore: hasMore, total: order.count)
        return (page, key)
    }

    /// The story, following merges to the story that absorbed it; nil for an unknown id.
    func detail(id: String) async throws -> StoryDetail? {
        try await database.read { connection in
            var id = id
            for _ in 0..<8 {
                guard let row = try connection.queryFirst("SELECT \(StoryRow.columns) FROM stories WHERE id = $1", [.text(id)]) else {
                    return nil
                }
                let story = try StoryRow(row)
                if let survivor = story.mergedInto { id = survivor; continue }
                let timeline = try connection.query("""
                    SELECT id, source, source_key, headline, published_at, is_breaking FROM articles WHERE story_id = $1
                    ORDER BY published_at, id LIMIT \(Self.maximumTimeline)
                    """, [.text(story.id)]).map { row in
                    let articleID: String = try row.decode("id")
                    let source: String = try row.decode("source")
                    let headline = try HeadlineCleanup.forTimeline(try row.decode("headline"), sourceName: source,
                                                                   sourceKey: try row.decode("source_key")) {
                        // Only a shouting headline needs its body, to learn how the report writes each word.
                        try connection.queryFirst("SELECT body FROM articles WHERE id = $1", [.text(articleID)])?
                            .decode(String.self, "body") ?? ""
                    }
                    return TimelineEntry(articleId: articleID, source: source, headline: headline,
                                         publishedAt: try row.decode("published_at"),
                                         isBreaking: try row.decode(Int.self, "is_breaking") != 0)
                }
                return story.detail(timeline: timeline)
            }
            return nil
        }
    }

    /// An article the engine has placed in a story (until then it has no storyId to show).
    func article(id: String) async throws -> ArticlePayload? {
        try await database.read { connection in
            try connection.queryFirst("""
                SELECT id, story_id, source, source_url, headline, body, published_at, image_url, author
                FROM articles WHERE id = $1 AND story_id IS NOT NULL
                """, [.text(id)]).map { row in
                ArticlePayload(id: try row.decode("id"), storyId: try row.decode("story_id"), source: try row.decode("source"),
                               sourceUrl: try row.decode("source_url"), headline: try row.decode("headline"),
                               body: try row.decode("body"), publishedAt: try row.decode("published_at"),
                               imageUrl: try row.decode(String?.self, "image_url"), author: try row.decode(String?.self, "author"))
            }
        }
    }

    /// Stories of the page still live, in the frozen order (one that went stale since is left
    /// out: the app has been told to remove it).
    private static func liveStories(seqs: [Int], _ connection: any DatabaseConnection) throws -> [StoryRow] {
        guard !seqs.isEmpty else { return [] }
        let placeholders = placeholderList(count: seqs.count)
        let rows = try connection.query("SELECT \(StoryRow.columns) FROM stories WHERE state = 'live' AND seq IN (\(placeholders))",
                                        seqs.map { .integer(Int64($0)) }).map(StoryRow.init)
        let bySeq = Dictionary(uniqueKeysWithValues: rows.map { ($0.seq, $0) })
        return seqs.compactMap { bySeq[$0] }
    }

    /// Each story's outlets, one entry per independent source with its earliest article, the
    /// first `maximumSourcesPerItem` outlets to report. The database picks them (window
    /// functions, SQLite ≥ 3.25 and PostgreSQL alike), so a story of hundreds of articles costs
    /// a page no more rows than it shows.
    static func sources(of storyIDs: [String], _ connection: any DatabaseConnection) throws -> [String: [StorySource]] {
        guard !storyIDs.isEmpty else { return [:] }
        let placeholders = placeholderList(count: storyIDs.count)
        let rows = try connection.query("""
            SELECT story_id, id, source, source_url, published_at, is_breaking FROM (
                SELECT first_reports.*, ROW_NUMBER() OVER (PARTITION BY story_id ORDER BY published_at, id) AS outlet_order
                FROM (
                    SELECT story_id, id, source, source_url, published_at, is_breaking,
                        ROW_NUMBER() OVER (PARTITION BY story_id, CASE WHEN source_key = '' THEN source ELSE source_key END
                                           ORDER BY published_at, id) AS report_order
                    FROM articles WHERE story_id IN (\(placeholders))
                ) first_reports
                WHERE report_order = 1
            ) listed
            WHERE outlet_order <= \(maximumSourcesPerItem) ORDER BY published_at, id
            """, storyIDs.map { .text($0) })
        var result: [String: [StorySource]] = [:]
        for row in rows {
            result[try row.decode("story_id"), default: []].append(StorySource(
                id: try row.decode("id"), name: try row.decode("source"), url: try row.decode("source_url"),
                publishedAt: try row.decode("published_at"), isBreaking: try row.decode(Int.self, "is_breaking") != 0))
        }
        return result
    }
}
