import Foundation
import HTTPServer
import StoryEngine
import Storage
import Synchronization

/// The background worker that turns stored articles into stories: it clusters every article
/// not yet in a story, composes and scores the stories it touched, takes quiet stories out of
/// the feed, and pushes each change as a live event.
///
/// The engine's index lives in memory, so exactly one process runs it: the holder of the
/// `clusterer_lease` row (taken and renewed with a conditional UPDATE, re-checked inside every
/// commit). A process that takes the lease over rebuilds the index from the stored assignments
/// of the time window first. Other processes keep serving reads and WebSocket clients; events
/// reach those through `LiveEvents`.
final class StoryWorker: Sendable {
    struct Settings: Sendable {
        /// How long the lease lasts without renewal: a dead holder's work resumes elsewhere after this.
        var leaseSeconds: Double = 30
        /// A story with no new article for this long leaves the feed (`story.stale`).
        var staleAfterSeconds: Double = 24 * 3600
        /// How often freshness is re-scored and quiet stories are retired.
        var sweepSeconds: Double = 60
        /// Articles clustered per committed round.
        var batchSize = 200
        /// Unfinished rounds (the process stopped) an article may be in before it is left out.
        var maxClusterAttempts = 3
        /// How often what is past the archive horizon is deleted (`ArchiveRetention`).
        var pruneSeconds: Double = 3600
        /// New articles are placed once none has arrived for this long (`awaitArrivalsPause`)…
        var arrivalSettleSeconds: Double = 1
        /// …or once the first of them has waited this long.
        var arrivalSettleLimitSeconds: Double = 5
    }

    private let database: Database
    private let events: LiveEvents
    private let makeEngine: @Sendable () throws -> StoryEngine
    private let settings: Settings
    private let retention: ArchiveRetention
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let writes: StoryWrites
    private let claims: RoundClaims
    private let wakeUp = AsyncWake()
    /// When `wake()` was last called: new articles are still arriving.
    private let lastArrival = Mutex<Date>(.distantPast)

    init(database: Database, events: LiveEvents, settings: Settings, retention: ArchiveRetention, clock: @escaping @Sendable () -> Date,
         logger: Logger, committed: @escaping @Sendable () -> Void, makeEngine: @escaping @Sendable () throws -> StoryEngine) {
        self.database = database
        self.events = events
        self.settings = settings
        self.retention = retention
        self.clock = clock
        self.logger = logger
        self.makeEngine = makeEngine
        writes = StoryWrites(database: database, holder: UUID().uuidString.lowercased(), committed: committed)
        claims = RoundClaims(database: database, holder: writes.holder, batchSize: settings.batchSize,
                             maxAttempts: settings.maxClusterAttempts)
    }

    /// New articles were stored: cluster them now rather than at the next tick, once arrivals pause.
    func wake() {
        lastArrival.withLock { $0 = Date() }
        wakeUp.signal()
    }

    /// A poll of many feeds stores their entries feed by feed over a moment. Waiting until the
    /// arrivals pause (`arrivalSettleSeconds`, at most `arrivalSettleLimitSeconds`) places such a
    /// burst in one round, in publication order (`decide`), rather than in pieces split by which
    /// feed answered first, so replays of one first poll give the same stories.
    private func awaitArrivalsPause() async {
        let started = Date()
        while !Task.isCancelled {
            let quiet = Date().timeIntervalSince(lastArrival.withLock { $0 })
            let waited = Date().timeIntervalSince(started)
            guard quiet < settings.arrivalSettleSeconds, waited < settings.arrivalSettleLimitSeconds else { return }
            let pause = min(settings.arrivalSettleSeconds - quiet, settings.arrivalSettleLimitSeconds - waited)
            try? await Task.sleep(nanoseconds: UInt64(pause * 1e9))
        }
    }

    func run() async {
        var engine: StoryEngineThread?
        var lastSweep = Date.distantPast, lastPrune = Date.distantPast
        while !Task.isCancelled {
            do {
                let now = clock()
                if try await writes.acquireLease(now: now, until: now.addingTimeInterval(settings.leaseSeconds)) {
                    if engine == nil { engine = try await restoredEngine(now: now) }
                    if let current = engine {
                        await awaitArrivalsPause()
                        // A backlog (an OPML import) keeps rounds full: sweeps still run between them.
                        var more = true
                        while more, !Task.isCancelled {
                            more = try await clusterRound(current)
                            try await reviseRound(current)
                            if clock().timeIntervalSince(lastSweep) >= settings.sweepSeconds {
                                try await sweep(current)
                                lastSweep = clock()
                            }
                            if clock().timeIntervalSince(lastPrune) >= settings.pruneSeconds {
                                let pruned = try await retention.prune(now: clock(), on: database)
                                if pruned.stories + pruned.articles > 0 {
                                    logger.info("archive pruned", ["stories": .int(pruned.stories), "articles": .int(pruned.articles)])
                                }
                                if !pruned.more { lastPrune = clock() }  // else again at the next step, after a lease renewal
                            }
                        }
                    }
                } else {
                    engine = nil  // someone else clusters; our index would go out of date
                }
            } catch is StoryWrites.LeaseLost {
                engine = nil
            } catch {
                engine = nil  // rebuilt from what was committed, so nothing half-applied survives
                logger.error("story worker round failed", ["error": .string(String(describing: error))])
            }
            await wakeUp.wait(upTo: 1)
        }
        // Shutting down: let another process (or this one restarted) take over at once.
        try? await writes.releaseLease()
    }

    /// Clusters the next round of unplaced articles (`RoundClaims`); true when there may be more.
    private func clusterRound(_ engine: StoryEngineThread) async throws -> Bool {
        let now = clock()
        switch try await claims.next(now: now, leaseUntil: now.addingTimeInterval(settings.leaseSeconds)) {
        case .none:
            return false
        case .batch(let articles, let full):
            try await cluster(articles, engine)
            return full
        case .alone(let article, let attempt):
            logger.warning("retrying alone an article of a round that did not finish",
                           ["articleId": .string(article.id), "source": .string(article.sourceName), "attempt": .int(attempt)])
            try await cluster([article], engine)
            return true
        case .leftOut(let articleID, let source):
            logger.error("article left out: its clustering rounds stopped the process repeatedly",
                         ["articleId": .string(articleID), "source": .string(source)])
            return true
        }
    }

    /// Recomposes the stories of placed articles their outlets revised in place (`revised`, set by
    /// `ArticleStore`), announces them like any change, and clears the flags.
    private func reviseRound(_ engine: StoryEngineThread) async throws {
        let now = clock()
        let limit = Int64(settings.batchSize)
        let revised = try await database.read { connection in
            try connection.query("""
                SELECT id, source, source_key, headline, body, source_url, published_at, feed_marked_breaking, age_unknown, story_id,
                    updated_at, revised_at
                FROM articles WHERE revised = 1 AND story_id IS NOT NULL ORDER BY updated_at, id LIMIT $1
                """, [.integer(limit)]).map { row in
                (article: try Self.article(row), storyID: try row.decode(String.self, "story_id"),
                 updatedAt: try row.decode(Date.self, "updated_at"))
            }
        }
        guard !revised.isEmpty else { return }
        let (round, events) = try await engine.run { engine -> (StoryWrites.Round, [JarvisEvent]) in
            var round = StoryWrites.Round()
            round.revisions = revised.map { ($0.article.id, $0.updatedAt) }
            var listedBefore: [String: Bool] = [:]
            for entry in revised {
                guard let revision = engine.revise(entry.article, storyID: entry.storyID, now: now) else { continue }
                if listedBefore[entry.storyID] == nil { listedBefore[entry.storyID] = revision.wasListed }
                round.stories[entry.storyID] = (revision.story, false)
            }
            let events = round.stories.values.compactMap { story in
                JarvisEvent.feedChange(story.snapshot, wasInFeed: listedBefore[story.snapshot.id] ?? false, at: now)
            }
            return (round, events)
        }
        try await writes.commit(round, events: events, to: self.events, now: now, leaseUntil: now.addingTimeInterval(settings.leaseSeconds))
    }

    /// Places `pending` and commits the round.
    private func cluster(_ pending: [EngineArticle], _ engine: StoryEngineThread) async throws {
        let now = clock()
        let staleBefore = now.addingTimeInterval(-settings.staleAfterSeconds)
        let (round, events) = try await engine.run { engine in Self.decide(pending, engine: engine, now: now, staleBefore: staleBefore) }
        try await writes.commit(round, events: events, to: self.events, now: now, leaseUntil: now.addingTimeInterval(settings.leaseSeconds))
        let retired = Set(round.staleStoryIDs)
        try await engine.run { $0.markQuiet(retired) }
    }

    /// What the engine makes of one batch: the round to commit and the events announcing it.
    private static func decide(_ pending: [EngineArticle], engine: StoryEngine, now: Date,
                               staleBefore: Date) -> (StoryWrites.Round, [JarvisEvent]) {
        var round = StoryWrites.Round()
        var events: [JarvisEvent] = []
        // Whether each story the round touches was in the feed before it (new stories were not).
        var listedBefore: [String: Bool] = [:]
        // Whether each story the round touches is new to the app (so far in the round).
        var isNew: [String: Bool] = [:]
        // Earliest report first, as the events happened: a backlog (the first poll of many
        // feeds) is stored in fetch order, and the first report should open its story. Reports of
        // one minute go in an order their content decides (ids are random), the same at every run.
        let placed = engine.ingest(pending.sorted(by: { ($0.publishedAt, $0.sourceKey, $0.headline, $0.id)
            < ($1.publishedAt, $1.sourceKey, $1.headline, $1.id) }), now: now)
        for placement in placed.placements {
            let id = placement.storyID
            round.assignments.append((placement.articleID, id))
            for absorbed in placement.absorbedStoryIDs {
                round.absorbed.append((absorbed, id))
                if isNew.removeValue(forKey: absorbed) != true { events.append(.storyStale(storyId: absorbed)) }
            }
            if isNew[id] == nil { isNew[id] = placement.isNewStory }
            // A revived story re-enters the feed: to the app that is a new story (it refetches).
            if listedBefore[id] == nil {
                listedBefore[id] = !placement.isNewStory && !placement.revived
                    && (placement.wasListed ?? placed.stories[id]?.isListed ?? false)
            }
        }
        for (id, new) in isNew {
            if let snapshot = placed.stories[id] { round.stories[id] = (snapshot, new) }
        }
        // A backfilled story already quiet when it arrives is stored but never enters the feed.
        round.staleStoryIDs = round.stories.values.filter { $0.snapshot.latestArticleAt < staleBefore }.map(\.snapshot.id)
        let retired = Set(round.staleStoryIDs)
        for (snapshot, isNew) in round.stories.values where retired.contains(snapshot.id) && !isNew {
            events.append(.storyStale(storyId: snapshot.id))  // a listed story the round took out of the feed
        }
        for (snapshot, _) in round.stories.values where !retired.contains(snapshot.id) {
            if let event = JarvisEvent.feedChange(snapshot, wasInFeed: listedBefore[snapshot.id] ?? false, at: now) { events.append(event) }
        }
        return (round, events)
    }

    /// Re-scores freshness, retires quiet stories, forgets what fell out of the time window.
    private func sweep(_ engine: StoryEngineThread) async throws {
        let now = clock()
        let quiet = try await writes.storiesGoneQuiet(before: now.addingTimeInterval(-settings.staleAfterSeconds))
        var round = StoryWrites.Round()
        round.staleStoryIDs = quiet
        let retired = Set(quiet)
        let rescored = try await engine.run { engine in
            let rescored = engine.rescore(now: now)
            engine.markQuiet(retired)
            engine.evict(before: now.addingTimeInterval(-engine.configuration.clustering.timeWindow))
            return rescored
        }
        for snapshot in rescored where !retired.contains(snapshot.id) {
            round.stories[snapshot.id] = (snapshot, false)
        }
        if !round.isEmpty {
            let announced = quiet.map { JarvisEvent.storyStale(storyId: $0) }
                + round.stories.values.compactMap { JarvisEvent.feedChange($0.snapshot, wasInFeed: $0.snapshot.isListed, at: now) }
            try await writes.commit(round, events: announced, to: events, now: now, leaseUntil: now.addingTimeInterval(settings.leaseSeconds))
        }
        try await writes.pruneRankings(before: now.addingTimeInterval(-Double(StoryRanking.lifetimeSeconds)))
        try await events.pruneJournal(now: now)
    }

    /// A fresh engine holding the live stories of the time window (every article of a story
    /// still active in it, so its earliest reports are not lost), as committed.
    private func restoredEngine(now: Date) async throws -> StoryEngineThread {
        let engine = try await StoryEngineThread.start(makeEngine)
        let since = now.addingTimeInterval(-engine.configuration.clustering.timeWindow)
        let stored = try await database.read { connection in
            // `a.story_id IS NOT NULL` follows from the join; written out, it lets either engine
            // read the partial index of placed articles (`articles_story`).
            try connection.query("""
                SELECT a.id, a.source, a.source_key, a.headline, a.body, a.source_url, a.published_at, a.feed_marked_breaking,
                    a.age_unknown, a.story_id, a.revised_at
                FROM articles a JOIN stories s ON s.id = a.story_id
                WHERE s.state = 'live' AND s.latest_article_at >= $1 AND a.story_id IS NOT NULL ORDER BY a.published_at, a.id
                """, [since.sqlValue]).map { (article: try Self.article($0), storyID: try $0.decode(String.self, "story_id")) }
        }
        try await engine.run { engine in
            for (article, storyID) in stored { engine.restore(article, storyID: storyID) }
            // The stored rows are what clients have; this first scoring is only the baseline the next
            // re-scores compare with, so a takeover does not rewrite and re-announce every story.
            _ = engine.rescore(now: now)
        }
        logger.info("story engine ready", ["restoredArticles": .int(stored.count)])
        return engine
    }

    /// An article as the engine reads it. One its outlet revised in place is read as of its revision
    /// (`revised_at`): what it says now is the outlet's word at that time, so a toll it raised is newer
    /// than another outlet's report of the hour before (a report revised to 15 dead would otherwise
    /// read as disputing a later "climbs to 11") — also in an engine rebuilt after a
    /// restart. Every query that feeds the engine selects `revised_at`.
    static func article(_ row: Row) throws -> EngineArticle {
        let publishedAt: Date = try row.decode("published_at")
        let revisedAt: Date? = try row.decode("revised_at")
        return EngineArticle(id: try row.decode("id"), sourceName: try row.decode("source"), sourceKey: try row.decode("source_key"),
                             headline: try row.decode("headline"), body: try row.decode("body"),
                             publishedAt: max(publishedAt, revisedAt ?? publishedAt), url: try row.decode("source_url"),
                             feedMarkedBreaking: try row.decode(Int.self, "feed_marked_breaking") != 0,
                             ageUnknown: try row.decode(Int.self, "age_unknown") != 0)
    }
}

extension JarvisEvent {
    /// What the app's home feed (listed stories only) must hear about `snapshot`: `story.created`
    /// when it enters the feed (new, revived, or now on a desk), `story.updated` while it stays,
    /// `story.stale` when it leaves it for no desk, and nothing for a story never listed (the app
    /// would refetch for sport and celebrity stories it never shows).
    static func feedChange(_ snapshot: StorySnapshot, wasInFeed: Bool, at time: Date) -> JarvisEvent? {
        switch (wasInFeed, snapshot.isListed) {
        case (false, true):
            .storyCreated(storyId: snapshot.id, signalScore: snapshot.breakdown.signalScore, sourceCount: snapshot.sourceCount)
        case (true, true):
            .storyUpdated(storyId: snapshot.id, signalScore: snapshot.breakdown.signalScore, sourceCount: snapshot.sourceCount,
                          updatedAt: time)
        case (true, false):
            .storyStale(storyId: snapshot.id)
        case (false, false):
            nil
        }
    }
}
