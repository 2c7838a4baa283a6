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
        let candidates = try await database.read { connection in
            try connection.query("SELECT id FROM withings_notifications WHERE status = 'queued' ORDER BY received_at, id LIMIT $1", limit)
                .map { try $0.decode(String.self, "id") }
        }
        var taken = 0
        for id in candidates {
            taken += try await database.write { connection in
                try connection.execute("""
                    UPDATE withings_notifications SET
                        user_id = (SELECT a.user_id FROM withings_accounts a
                                   WHERE a.withings_user_id = withings_notifications.withings_user_id),
                        status = CASE WHEN EXISTS (SELECT 1 FROM withings_accounts a
                                                   WHERE a.withings_user_id = withings_notifications.withings_user_id)
                                      THEN 'ready_to_fetch' ELSE 'unlinked' END,
                        resolved_at = $2
                    WHERE id = $1 AND status = 'queued'
                    """, id, now)
            }
        }
        return taken
    }
}
