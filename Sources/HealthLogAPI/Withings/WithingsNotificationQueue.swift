import Foundation
import Storage

/// The durable side of the webhook: a notification is committed here before Withings gets its
/// 2xx, so a crash after the answer loses nothing, and a retried notification is recognised.
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
}
