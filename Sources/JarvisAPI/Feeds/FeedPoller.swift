import FeedFetching
import Foundation
import HTTPServer
import Storage
import Synchronization

/// The background worker that keeps feeds fresh: it claims feeds that are due, fetches them
/// concurrently (the fetcher caps each host), stores their entries, and records health.
/// A claim is a conditional update of `claimed_until`, so several server processes on one
/// PostgreSQL database never fetch the same feed at once, a refresh included; it is released
/// when the fetch is recorded and lapses after `claimSeconds` if its process dies. The fetcher
/// ends every fetch by its deadline, well inside the claim, and this process also skips the
/// feeds it is still fetching.
final class FeedPoller: Sendable {
    typealias Parse = @Sendable (FetchedDocument, URL, Date) throws -> [IncomingArticle]

    /// Time left after the fetch's deadline for parsing and storing before a claim lapses.
    static let storeAllowanceSeconds: Double = 240
    /// Fetches in flight at once (the fetcher further caps each host).
    static let maxInFlight = 16

    private let database: Database
    private let fetcher: FeedFetcher
    private let articles: ArticleStore
    private let parse: Parse
    private let events: LiveEvents
    private let policy: FeedHealthPolicy
    private let clock: @Sendable () -> Date
    private let logger: Logger
    /// Called after a fetch stored new articles (the story worker clusters them at once).
    private let onNewArticles: @Sendable () -> Void
    private let wakeUp = AsyncWake()
    /// The feeds this process is fetching now.
    private let running = Mutex<Set<String>>([])
    private let claimSeconds: Double

    init(database: Database, fetcher: FeedFetcher, parse: @escaping Parse, events: LiveEvents, policy: FeedHealthPolicy,
         clock: @escaping @Sendable () -> Date, logger: Logger, onNewArticles: @escaping @Sendable () -> Void = {}) {
        self.database = database
        self.fetcher = fetcher
        self.articles = ArticleStore(database: database)
        self.parse = parse
        self.events = events
        self.policy = policy
        self.clock = clock
        self.logger = logger
        self.onNewArticles = onNewArticles
        claimSeconds = fetcher.configuration.deadline + Self.storeAllowanceSeconds
    }

    /// Polls until cancelled. Each fetch runs as its own child task, so one slow or huge feed
    /// only ever occupies its own slot: the loop keeps claiming due feeds into free slots every
    /// second, or at once when `wake()` (a new or refreshed feed) asks.
    func run() async {
        await FeedURL.normalizeStored(on: database, logger: logger)
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                do {
                    let free = Self.maxInFlight - running.withLock(\.count)
                    for feed in try await free > 0 ? claimDueFeeds(limit: free) : [] {
                        group.addTask {
                            await self.poll(feed)
                            self.running.withLock { _ = $0.remove(feed.id) }
                        }
                    }
                } catch {
                    logger.error("feed poller round failed", ["error": .string(String(describing: error))])
                }
                await wakeUp.wait(upTo: 1)
            }
        }
    }

    func wake() { wakeUp.signal() }

    private func claimDueFeeds(limit: Int) async throws -> [FeedSchedule] {
        let now = clock()
        let mine = running.withLock { $0 }
        let claimed = try await database.write { [claimSeconds] connection in
            let due = try connection.query("""
                SELECT id, url, name, poll_interval_seconds, health, failure_count, etag, last_modified, last_fetched_at
                FROM feeds WHERE next_fetch_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
                ORDER BY next_fetch_at LIMIT $2
                """, [now.sqlValue, .integer(Int64(limit + mine.count))])
            return try due.compactMap { row -> FeedSchedule? in
                let id: String = try row.decode("id")
                guard !mine.contains(id) else { return nil }
                let claimed = try connection.execute("""
                    UPDATE feeds SET claimed_until = $1 WHERE id = $2 AND next_fetch_at <= $3
                        AND (claimed_until IS NULL OR claimed_until <= $3)
                    """, [now.addingTimeInterval(claimSeconds).sqlValue, .text(id), now.sqlValue])
                guard claimed == 1 else { return nil }
                return FeedSchedule(id: id, url: try row.decode("url"), name: try row.decode("name"),
                                    pollIntervalSeconds: try row.decode("poll_interval_seconds"),
                                    health: Feed.Health(rawValue: try row.decode("health")) ?? .active,
                                    failureCount: try row.decode("failure_count"),
                                    etag: try row.decode("etag"), lastModified: try row.decode("last_modified"),
                                    lastFetchedAt: try row.decode("last_fetched_at"))
            }
        }
        let taken = Array(claimed.prefix(limit))
        running.withLock { set in taken.forEach { set.insert($0.id) } }
        return taken
    }

    private func poll(_ feed: FeedSchedule) async {
        guard let url = URL(string: feed.url) else { return }
        do {
            let outcome = try await fetcher.fetch(FetchRequest(url: url, etag: feed.etag, lastModified: feed.lastModified))
            let now = clock()
            switch outcome {
            case .fetched(let document):
                let entries = try parse(document, document.finalURL, now)
                let stored = try await articles.ingest(entries, feedID: feed.id, source: feed.name,
                                                       sourceKey: SourceKey.of(feedURL: url),
                                                       firstFetch: feed.lastFetchedAt == nil, now: now)
                if stored.inserted + stored.updated > 0 { onNewArticles() }
                try await recordSuccess(feed, etag: document.etag, lastModified: document.lastModified,
                                        movedTo: document.permanentRedirect, now: now)
                logger.info("feed fetched", ["feedId": .string(feed.id), "entries": .int(entries.count),
                                             "inserted": .int(stored.inserted), "updated": .int(stored.updated),
                                             "fromOtherFeed": .int(stored.fromOtherFeed)])
            case .notModified(let movedTo):
                try await recordSuccess(feed, etag: feed.etag, lastModified: feed.lastModified, movedTo: movedTo, now: now)
            }
        } catch {
            await recordFailure(feed, error: error)
        }
    }

    private func recordSuccess(_ feed: FeedSchedule, etag: String?, lastModified: String?, movedTo: URL?, now: Date) async throws {
        let verdict = policy.afterSuccess(interval: feed.pollIntervalSeconds, now: now)
        try await database.write { connection in
            try connection.execute("""
                UPDATE feeds SET health = $1, failure_count = 0, failing_since = NULL, last_fetched_at = $2, last_error = NULL,
                    etag = $3, last_modified = $4, next_fetch_at = $5, claimed_until = NULL WHERE id = $6
                """, [.text(verdict.health.rawValue), now.sqlValue, etag.sqlValue, lastModified.sqlValue,
                      verdict.nextFetch.sqlValue, .text(feed.id)])
            if let movedTo = movedTo.flatMap({ FeedURL.normalized($0.absoluteString) }) {
                // A permanent redirect moves the subscription, unless that URL is already subscribed.
                _ = try FeedURL.move(feed.id, to: movedTo.absoluteString, connection)
            }
        }
        announce(feed, verdict)
    }

    private func recordFailure(_ feed: FeedSchedule, error: any Error) async {
        let now = clock()
        let gone = (error as? FetchError)?.isGone ?? false
        let policy = self.policy
        do {
            let verdict = try await database.write { connection -> FeedHealthPolicy.Verdict in
                let since = try connection.queryFirst("SELECT failing_since FROM feeds WHERE id = $1", [.text(feed.id)])?
                    .decode(Date?.self, "failing_since")
                let verdict = policy.afterFailure(previousFailures: feed.failureCount, failingSince: since,
                                                  interval: feed.pollIntervalSeconds, gone: gone, now: now)
                try connection.execute("""
                    UPDATE feeds SET health = $1, failure_count = $2, failing_since = $3, last_error = $4, next_fetch_at = $5,
                        claimed_until = NULL WHERE id = $6
                    """, [.text(verdict.health.rawValue), .integer(Int64(verdict.failureCount)), verdict.failingSince.sqlValue,
                          .text(String(describing: error)), verdict.nextFetch.sqlValue, .text(feed.id)])
                return verdict
            }
            logger.warning("feed fetch failed", ["feedId": .string(feed.id), "failures": .int(verdict.failureCount),
                                                 "health": .string(verdict.health.rawValue), "error": .string(String(describing: error))])
            announce(feed, verdict)
        } catch {
            logger.error("could not record a feed failure", ["feedId": .string(feed.id), "error": .string(String(describing: error))])
        }
    }

    /// Every change of health is pushed to live clients.
    private func announce(_ feed: FeedSchedule, _ verdict: FeedHealthPolicy.Verdict) {
        guard verdict.health != feed.health else { return }
        events.publish(.feedHealth(feedId: feed.id, health: verdict.health, failureCount: verdict.failureCount))
    }
}
