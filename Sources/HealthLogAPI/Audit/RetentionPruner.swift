import HTTPServer
import ServiceRuntime
import Storage

/// Deletes what is no longer needed, hourly (a service background task): access and refresh
/// tokens that expired more than `tokenRetentionSeconds` ago (kept that long so a late client
/// still gets `expired` rather than `unknown`, and reuse of a recently expired token is still
/// recognised), families left without refresh tokens, throttle counters whose window is over,
/// audit rows older than `auditRetentionSeconds` (400 days: a full year of history plus a
/// margin for yearly reviews), and Withings notifications resolved more than
/// `withingsNotificationRetentionSeconds` ago (`WithingsNotificationQueue.pruneResolved`).
struct RetentionPruner: Sendable {
    let database: Database
    let logger: Logger
    var interval: Duration = .seconds(3600)
    var tokenRetentionSeconds: Int64 = 30 * 24 * 3600
    var auditRetentionSeconds: Int64 = 400 * 24 * 3600
    var throttleWindowSeconds: Int64 = 15 * 60
    var withingsNotificationRetentionSeconds: Int64 = 30 * 24 * 3600

    /// Prunes at once, then every `interval`, until cancelled.
    func run() async {
        await repeatUntilCancelled(every: interval, logger: logger, failure: "retention pruning failed") {
            try await prune(now: Clock.now())
        }
    }

    func prune(now: Int64) async throws {
        let tokensBefore = now - tokenRetentionSeconds, auditBefore = now - auditRetentionSeconds
        let throttleBefore = now - throttleWindowSeconds, notificationsBefore = now - withingsNotificationRetentionSeconds
        try await database.transaction { connection in
            try TokenStore.pruneExpired(before: tokensBefore, on: connection)
            try LoginThrottleStore.prune(windowStartedBy: throttleBefore, on: connection)
            try AuditStore.prune(before: auditBefore, on: connection)
            try WithingsNotificationQueue.pruneResolved(before: notificationsBefore, on: connection)
        }
    }
}
