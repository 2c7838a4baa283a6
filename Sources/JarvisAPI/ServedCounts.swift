import Foundation
import Storage
import Synchronization

/// The counts `GET /health` reports — subscribed feeds and listed live stories — without
/// counting rows on every request.
///
/// The writers keep them current: triggers on `feeds` and `stories` (migration 13,
/// `served_counts`) add and subtract in the very transaction that inserts, deletes or moves a
/// row in or out of the counted set, whichever process or command writes. This process keeps
/// the last values it read for at most `maxAge`, so another process's writes show within that
/// bound, and its own writers (`FeedStore`, `StoryWrites`) call `invalidate()` after they
/// commit, so its own writes show at once. Concurrent requests that find the values too old
/// share one read. Values past half their age are still served while one request's read
/// renews them in the background, so under steady traffic no request waits for the database.
final class ServedCounts: Sendable {
    struct Counts: Sendable, Equatable {
        let feeds: Int
        let listedStories: Int
    }

    /// How long values read from the database are served: the most another process's writes lag.
    static let maxAge: Duration = .seconds(1)

    private struct State {
        var counts: Counts?
        /// `maxAge` after the read began: served until then.
        var servedUntil = ContinuousClock.now
        /// Half of `maxAge` after it: renewed in the background from then.
        var renewFrom = ContinuousClock.now
        /// Moves with every `invalidate()`; values read under an older one are not served again.
        var generation = 0
        var countsGeneration = -1
        var pending: (generation: Int, read: Task<Counts, any Error>)?
    }

    private enum Lookup {
        case fresh(Counts)
        case reading(Task<Counts, any Error>)
    }

    private let database: Database
    private let maxAge: Duration
    private let state = Mutex(State())

    init(database: Database, maxAge: Duration = ServedCounts.maxAge) {
        self.database = database
        self.maxAge = maxAge
    }

    /// The counts as of at most `maxAge` ago, or as of this process's latest write.
    func current() async throws -> Counts {
        switch lookup() {
        case .fresh(let counts): return counts
        case .reading(let read): return try await read.value
        }
    }

    /// `current()` when it need not wait: the same counts under the same bound, or nil while
    /// they are being read (which this call starts if no read is under way).
    func currentWithoutWaiting() -> Counts? {
        if case .fresh(let counts) = lookup() { return counts }
        return nil
    }

    /// The counts if they may be served, renewed in the background past half their age; else the read that renews them.
    private func lookup() -> Lookup {
        let now = ContinuousClock.now
        return state.withLock { state in
            let current = state.countsGeneration == state.generation
            if let counts = state.counts, current, now < state.servedUntil {
                if now >= state.renewFrom { _ = startRead(&state) }
                return .fresh(counts)
            }
            return .reading(startRead(&state))
        }
    }

    /// The read under way for the current generation, started if there is none.
    private func startRead(_ state: inout State) -> Task<Counts, any Error> {
        if let pending = state.pending, pending.generation == state.generation { return pending.read }
        let generation = state.generation
        let read = Task { try await self.read(generation: generation) }
        state.pending = (generation, read)
        return read
    }

    /// A write of this process committed: the next request reads the counts again.
    func invalidate() {
        state.withLock { $0.generation += 1 }
    }

    private func read(generation: Int) async throws -> Counts {
        let started = ContinuousClock.now
        let counts: Counts
        do {
            counts = try await database.read(Self.read)
        } catch {
            state.withLock { if $0.pending?.generation == generation { $0.pending = nil } }
            throw error
        }
        state.withLock { state in
            if state.pending?.generation == generation { state.pending = nil }
            if generation == state.generation {
                (state.counts, state.countsGeneration) = (counts, generation)
                (state.servedUntil, state.renewFrom) = (started + maxAge, started + maxAge / 2)
            }
        }
        return counts
    }

    static func read(_ connection: any DatabaseConnection) throws -> Counts {
        var values: [String: Int] = [:]
        for row in try connection.query("SELECT name, value FROM served_counts", []) {
            values[try row.decode(String.self, "name")] = try row.decode(Int.self, "value")
        }
        guard let feeds = values["feeds"], let stories = values["listed_stories"] else {
            throw DatabaseError(.typeMismatch, "served_counts lacks its rows")
        }
        return Counts(feeds: feeds, listedStories: stories)
    }
}
