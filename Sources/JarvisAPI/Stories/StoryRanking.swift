import APIToolkit
import Foundation
import NewsText
import Storage

/// The order `GET /stories` pages through, frozen per ranking generation and filter.
///
/// The engine bumps the generation with every committed change to stories. The first page of
/// a listing freezes the order at the current generation (story `seq` numbers, best first) in
/// `story_rankings`; later pages read the same frozen order through their cursor, so while new
/// stories arrive or scores move, no item is skipped or repeated and `total` stays the same.
/// Every process and every client asking at one generation share one row.
enum StoryRanking {
    /// Frozen orders older than this are pruned; a cursor into one is refused (start over).
    static let lifetimeSeconds = 3600

    struct Key: Equatable {
        let generation: Int
        let topic: Topic?
        let minSignal: Int

        var text: String { "\(generation)|\(topic?.rawValue ?? "*")|\(minSignal)" }

        init(generation: Int, topic: Topic?, minSignal: Int) {
            (self.generation, self.topic, self.minSignal) = (generation, topic, minSignal)
        }

        init?(parsing text: String) {
            let parts = text.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 3, let generation = Int(parts[0]), let minSignal = Int(parts[2]) else { return nil }
            if parts[1] == "*" {
                self.init(generation: generation, topic: nil, minSignal: minSignal)
            } else {
                guard let topic = Topic(rawValue: String(parts[1])) else { return nil }
                self.init(generation: generation, topic: topic, minSignal: minSignal)
            }
        }
    }

    /// The generation stories are at. `locking` (inside a transaction, on PostgreSQL) holds the
    /// worker's next commit back until the transaction ends, so the stories read next are
    /// exactly those of this generation; SQLite needs no lock (its one writer is this transaction).
    static func currentGeneration(_ connection: any DatabaseConnection, locking: Bool = false) throws -> Int {
        let lock = locking && connection.dialect == .postgres ? " FOR SHARE" : ""
        return try connection.queryFirst("SELECT value FROM engine_state WHERE name = 'ranking_generation'\(lock)", [])!
            .decode(Int.self, "value")
    }

    /// Moves to a new generation: every write that changes what a listing shows calls this in
    /// its transaction (engine commits, an update of an article already in a story).
    static func advanceGeneration(_ connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE engine_state SET value = value + 1 WHERE name = 'ranking_generation'", [])
    }

    /// The frozen order for `key`, creating it from the live stories when this generation and
    /// filter have not been asked for yet. Nil when the key names a pruned generation.
    static func order(for key: Key, create: Bool, now: Date, _ connection: any DatabaseConnection) throws -> [Int]? {
        if let row = try connection.queryFirst("SELECT story_ids FROM story_rankings WHERE key = $1", [.text(key.text)]) {
            return try row.decode(String.self, "story_ids").split(separator: ",").compactMap { Int($0) }
        }
        guard create else { return nil }
        var sql = "SELECT seq FROM stories WHERE state = 'live' AND listed = 1 AND signal_score >= $1"
        var parameters: [SQLValue] = [.integer(Int64(key.minSignal))]
        if let topic = key.topic {
            sql += " AND topic = $2"
            parameters.append(.text(topic.rawValue))
        }
        sql += " ORDER BY signal_score DESC, latest_article_at DESC, id DESC"
        let order = try connection.query(sql, parameters).map { try $0.decode(Int.self, "seq") }
        let inserted = try connection.execute("""
            INSERT INTO story_rankings (key, story_ids, created_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING
            """, [.text(key.text), .text(order.map(String.init).joined(separator: ",")), now.sqlValue])
        // Another request froze this key first: serve its order, the one later pages will read.
        return inserted == 1 ? order : try self.order(for: key, create: false, now: now, connection)
    }

    /// Forgets frozen orders created before `cutoff`, except the current generation's: a first
    /// page (perhaps served from `StoryFirstPageCache`) hands out cursors into those for as long
    /// as the generation lasts, and a quiet hour without engine commits must not expire them.
    static func prune(before cutoff: Date, _ connection: any DatabaseConnection) throws {
        let current = try currentGeneration(connection)
        try connection.execute("DELETE FROM story_rankings WHERE created_at < $1 AND key NOT LIKE $2",
                               [cutoff.sqlValue, .text("\(current)|%")])
    }
}
