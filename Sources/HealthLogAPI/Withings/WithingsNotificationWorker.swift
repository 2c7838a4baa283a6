import HTTPServer
import ServiceRuntime
import Storage

/// Works the notification queue in the background (a service background task): each queued
/// row is resolved to the HealthLog account linked to its Withings `userid` and marked
/// `ready_to_fetch` (with that account) or `unlinked`. `WithingsFetchWorker` takes the
/// `ready_to_fetch` rows from there.
///
/// Several server processes may share one PostgreSQL database, so a row is taken by one
/// conditional UPDATE (`… WHERE status = 'queued'`): whichever process updates it first owns
/// it, and every other process's UPDATE matches nothing.
struct WithingsNotificationWorker: Sendable {
    let database: Database
    let logger: Logger
    var interval: Duration = .seconds(1)
    /// Rows looked at per round; the rest wait for the next one.
    var batchSize = 100

    /// Resolves what is queued, then again every `interval`, until cancelled.
    func run() async {
        await repeatUntilCancelled(every: interval, logger: logger, failure: "withings notification queue failed") {
            _ = try await resolveQueued(now: Clock.now())
        }
    }

    /// Claims and resolves up to `batchSize` queued rows; returns how many this worker took.
    func resolveQueued(now: Int64) async throws -> Int {
        let limit = batchSize
        let candidates = try await database.read { try WithingsNotificationQueue.queued(limit: limit, on: $0) }
        var taken = 0
        for id in candidates {
            taken += try await database.write { try WithingsNotificationQueue.resolve(id: id, now: now, on: $0) }
        }
        return taken
    }
}
