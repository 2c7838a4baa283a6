import Foundation
import Storage

/// The durable side of the webhook: a notification is committed here before Withings gets its 2xx,
/// so a crash after the answer loses nothing, and a retried notification is recognised.
///
/// The store of `withings_notifications` (schema: `HealthLogMigrations.withings`,
/// `withingsFetchQueue`): every statement on the table but the account deletion's, which
/// `AccountDeletion.steps` lists with the rest of what deleting an account touches. A
/// notification's life: `queued` → `ready_to_fetch` (its Withings account is linked) or `unlinked`
/// → `fetched` or `failed`. `StoreOwnershipTests` fails when SQL on the table appears anywhere else
/// but the migrations.
enum WithingsNotificationQueue {
    enum Outcome: String, Sendable {
        case queued
        /// The same (userid, appli, startdate, enddate, event) was already received.
        case duplicate
    }

    static func enqueue(_ notification: WithingsNotification, now: Int64, on connection: any DatabaseConnection) throws -> Outcome {
        let inserted = try connection.execute("""
            INSERT INTO withings_notifications
                (id, withings_user_id, appli, startdate, enddate, event, status, received_at)
            VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7)
            ON CONFLICT (withings_user_id, appli, startdate, enddate, event) DO NOTHING
            """, UUID().uuidString.lowercased(), notification.withingsUserID, notification.appli,
            notification.startDate, notification.endDate, notification.event, now)
        return inserted == 1 ? .queued : .duplicate
    }

    /// Deletes notifications resolved (`ready_to_fetch`, `unlinked`, `fetched`) before
    /// `resolvedBefore`; queued and `failed` ones stay. Called by `RetentionPruner` with a
    /// 30-day cut-off: Withings stops retrying a notification within hours, so a row that old
    /// no longer catches repeats, and a fetch is settled within minutes of its resolution.
    @discardableResult
    static func pruneResolved(before resolvedBefore: Int64, on connection: any DatabaseConnection) throws -> Int {
        try connection.execute("""
            DELETE FROM withings_notifications
            WHERE status IN ('ready_to_fetch', 'unlinked', 'fetched') AND resolved_at < $1
            """, resolvedBefore)
    }

    /// The user's notifications that arrived while the Withings account was `unlinked` become
    /// theirs to fetch now.
    static func adoptUnlinked(withingsUserID: Int64, userID: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE withings_notifications SET status = 'ready_to_fetch', user_id = $1, resolved_at = $2, next_attempt_at = 0
            WHERE withings_user_id = $3 AND status = 'unlinked'
            """, userID, now, withingsUserID)
    }

    // MARK: Resolution

    /// Up to `limit` ids of queued rows, oldest first.
    static func queued(limit: Int, on connection: any DatabaseConnection) throws -> [String] {
        try connection.query("SELECT id FROM withings_notifications WHERE status = 'queued' ORDER BY received_at, id LIMIT $1", limit)
            .map { try $0.decode(String.self, "id") }
    }

    /// Resolves the queued row `id` at `now`: `ready_to_fetch` for the user who linked its
    /// Withings account, else `unlinked`. Returns 1 when this call resolved it, 0 when another did.
    static func resolve(id: String, now: Int64, on connection: any DatabaseConnection) throws -> Int {
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

    // MARK: Fetching

    /// Up to `limit` ids of rows due for a fetch at `now`, oldest first.
    static func dueForFetch(now: Int64, limit: Int, on connection: any DatabaseConnection) throws -> [String] {
        try connection.query("""
            SELECT id FROM withings_notifications WHERE status = 'ready_to_fetch' AND next_attempt_at <= $1
            ORDER BY received_at, id LIMIT $2
            """, now, limit).map { try $0.decode(String.self, "id") }
    }

    /// A row a fetch worker claimed.
    struct Claimed: Sendable {
        let id: String
        let userID: String
        let appli: Int64
        let start: Int64
        let end: Int64
        let attempts: Int64
    }

    /// Claims row `id` if it is still due at `now`: counts the attempt and hides the row from
    /// other workers until `leaseUntil`. Nil when another worker took it.
    static func claim(id: String, now: Int64, leaseUntil: Int64, on connection: any DatabaseConnection) throws -> Claimed? {
        let updated = try connection.execute("""
            UPDATE withings_notifications SET attempts = attempts + 1, next_attempt_at = $2
            WHERE id = $1 AND status = 'ready_to_fetch' AND next_attempt_at <= $3
            """, id, leaseUntil, now)
        guard updated == 1, let row = try connection.queryFirst("""
            SELECT user_id, appli, startdate, enddate, attempts FROM withings_notifications WHERE id = $1
            """, id) else { return nil }
        return Claimed(id: id, userID: try row.decode("user_id"), appli: try row.decode("appli"),
                       start: try row.decode("startdate"), end: try row.decode("enddate"), attempts: try row.decode("attempts"))
    }

    /// Marks row `id` fetched at `now`.
    static func markFetched(id: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE withings_notifications SET status = 'fetched', resolved_at = $2, failure_reason = NULL
            WHERE id = $1 AND status = 'ready_to_fetch'
            """, id, now)
    }

    /// Marks row `id` failed for good at `now`.
    static func markFailed(id: String, reason: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE withings_notifications SET status = 'failed', failure_reason = $2, resolved_at = $3
            WHERE id = $1 AND status = 'ready_to_fetch'
            """, id, reason, now)
    }

    /// The windows of `userID` notified since `since` that ended `failed`: how many, and the
    /// latest one's time and reason (what `GET /api/withings/link` shows).
    static func failures(userID: String, since: Int64, on connection: any DatabaseConnection) throws
        -> (count: Int, latest: (at: Int64, reason: String?)?) {
        let count = try connection.queryFirst("""
            SELECT COUNT(*) AS n FROM withings_notifications WHERE user_id = $1 AND status = 'failed' AND received_at >= $2
            """, userID, since)?.decode(Int64.self, "n") ?? 0
        let latest = try connection.queryFirst("""
            SELECT resolved_at, failure_reason FROM withings_notifications
            WHERE user_id = $1 AND status = 'failed' AND received_at >= $2
            ORDER BY resolved_at DESC, id DESC LIMIT 1
            """, userID, since).map { row in
            (at: try row.decode(Int64?.self, "resolved_at") ?? since, reason: try row.decode(String?.self, "failure_reason"))
        }
        return (Int(count), latest)
    }

    /// Records a failed attempt of row `id`; the next is due at `nextAttemptAt`.
    static func scheduleRetry(id: String, reason: String, nextAttemptAt: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            UPDATE withings_notifications SET failure_reason = $2, next_attempt_at = $3
            WHERE id = $1 AND status = 'ready_to_fetch'
            """, id, reason, nextAttemptAt)
    }
}
