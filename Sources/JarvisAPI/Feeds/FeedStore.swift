import APIToolkit
import Foundation
import Storage

/// Every SQL statement about feeds, in one place. Portable between SQLite and PostgreSQL.
struct FeedStore: Sendable {
    let database: Database
    /// Called once an insert or delete has committed (the server's `ServedCounts.invalidate`).
    var changed: @Sendable () -> Void = {}

    private static let columns = """
        f.id, f.name, f.url, f.health, f.poll_interval_seconds, f.failure_count, f.last_fetched_at,
        (SELECT COUNT(*) FROM articles a WHERE a.feed_id = f.id AND a.first_seen_at >= $1) AS article_count_today
        """

    /// Every feed, oldest first. `articleCountToday` counts articles first seen since 00:00 UTC.
    func list(now: Date) async throws -> [Feed] {
        let midnight = Self.startOfUTCDay(now)
        return try await database.read { connection in
            try connection.query("SELECT \(Self.columns) FROM feeds f ORDER BY f.created_at, f.id", [midnight.sqlValue])
                .map(Self.feed)
        }
    }

    func find(id: String, now: Date) async throws -> Feed? {
        let midnight = Self.startOfUTCDay(now)
        return try await database.read { connection in
            try connection.queryFirst("SELECT \(Self.columns) FROM feeds f WHERE f.id = $2", [midnight.sqlValue, .text(id)])
                .map(Self.feed)
        }
    }

    /// Inserts a feed due for its first fetch now; a URL already subscribed is a 409.
    func create(url: URL, name: String, interval: Int, now: Date) async throws -> Feed {
        let id = UUID().uuidString.lowercased()
        do {
            try await database.write { connection in
                try connection.execute("""
                    INSERT INTO feeds (id, url, name, poll_interval_seconds, next_fetch_at, created_at)
                    VALUES ($1, $2, $3, $4, $5, $5)
                    """, [.text(id), .text(url.absoluteString), .text(name), .integer(Int64(interval)), now.sqlValue])
            }
        } catch let error as DatabaseError where error.isUniqueViolation {
            throw APIError.conflict("Already subscribed to \(FeedURL.displayed(url.absoluteString))", code: "feed.duplicate_url")
        }
        changed()
        return Feed(id: id, name: name, url: FeedURL.displayed(url.absoluteString), health: .active, pollIntervalSeconds: interval,
                    failureCount: 0, lastFetchedAt: nil, articleCountToday: 0)
    }

    /// Removes the feed and so its schedule; its articles keep their stories (feed_id is cleared).
    func delete(id: String) async throws -> Bool {
        let deleted = try await database.write { connection in
            try connection.execute("DELETE FROM feeds WHERE id = $1", [.text(id)]) > 0
        }
        if deleted { changed() }
        return deleted
    }

    /// Makes the feed due at once (`POST /feeds/{id}/refresh`).
    func markDue(id: String, now: Date) async throws -> Bool {
        try await database.write { connection in
            try connection.execute("UPDATE feeds SET next_fetch_at = $1 WHERE id = $2", [now.sqlValue, .text(id)]) > 0
        }
    }

    func count() async throws -> Int {
        try await database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM feeds", [])!.decode(Int.self, "n") }
    }

    static func startOfUTCDay(_ date: Date) -> Date {
        let seconds = Int(date.timeIntervalSince1970)
        return Date(timeIntervalSince1970: Double(seconds - ((seconds % 86_400) + 86_400) % 86_400))
    }

    private static func feed(_ row: Row) throws -> Feed {
        let health: String = try row.decode("health")
        guard let known = Feed.Health(rawValue: health) else {
            throw DatabaseError(.typeMismatch, "feeds.health holds \(health)")
        }
        return Feed(id: try row.decode("id"), name: try row.decode("name"), url: FeedURL.displayed(try row.decode("url")), health: known,
                    pollIntervalSeconds: try row.decode("poll_interval_seconds"), failureCount: try row.decode("failure_count"),
                    lastFetchedAt: try row.decode(Date?.self, "last_fetched_at"),
                    articleCountToday: try row.decode("article_count_today"))
    }
}
