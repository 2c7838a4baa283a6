import APIToolkit
import HTTPServer
import Secrets
import ServiceRuntime
import Storage

/// Turns `ready_to_fetch` notifications into measurements (a service background task, every
/// second): `getmeas` for the notified window, every page, then one transaction that inserts
/// the readings (deduplicated on Withings' group id) and marks the row `fetched`.
///
/// A row is claimed with a conditional UPDATE that pushes `next_attempt_at` past a lease, so
/// with several processes one takes it; if the process dies before its commit, the lease lapses
/// and the row is fetched again, and the group-id key keeps the readings single. A failure that
/// may pass (Withings' 5xx, rate limit, no answer) schedules another attempt with a doubling
/// back-off; after `maxAttempts`, or at once for a broken link, the row ends `failed` with its
/// reason. No row is ever deleted here.
struct WithingsFetchWorker: Sendable {
    let database: Database
    let tokens: WithingsTokens
    let logger: Logger
    var interval: Duration = .seconds(1)
    var batchSize = 20
    var maxAttempts: Int64 = 10
    /// How long a claimed row stays invisible to other workers before it counts as abandoned.
    var leaseSeconds: Int64 = 120
    /// Upper bound of the back-off between attempts.
    var maxBackOffSeconds: Int64 = 1800

    private typealias Claimed = WithingsNotificationQueue.Claimed

    func run() async {
        await repeatUntilCancelled(every: interval, logger: logger, failure: "withings fetch failed") {
            _ = try await fetchReady(now: Clock.now())
        }
    }

    /// Claims and works up to `batchSize` due rows; returns how many this worker took.
    func fetchReady(now: Int64) async throws -> Int {
        let limit = batchSize
        let due = try await database.read { try WithingsNotificationQueue.dueForFetch(now: now, limit: limit, on: $0) }
        var taken = 0
        for id in due {
            guard let claimed = try await claim(id, now: now) else { continue }
            taken += 1
            await work(claimed)
        }
        return taken
    }

    private func claim(_ id: String, now: Int64) async throws -> Claimed? {
        let lease = leaseSeconds
        return try await database.write { try WithingsNotificationQueue.claim(id: id, now: now, leaseUntil: now + lease, on: $0) }
    }

    private func work(_ row: Claimed) async {
        do {
            // Categories `getmeas` does not answer (activity, sleep, events) have nothing to fetch here.
            let groups = WithingsLinkSettings.subscribedApplis.contains(row.appli)
                ? try await fetchGroups(userID: row.userID, start: row.start, end: row.end) : []
            try await store(WithingsMeasureMapping.rows(groups, now: Clock.now()), for: row)
        } catch {
            // A broken or missing link, tokens the key cannot open, or a refusal will not pass by waiting.
            let permanent = error is WithingsTokens.Broken || error is WithingsTokens.NotLinked || error is SecretBox.OpenFailed
                || { if case .refused = error as? WithingsAPIError { true } else { false } }()
            do {
                try await recordFailure(row, reason: String(describing: error), final: permanent || row.attempts >= maxAttempts)
            } catch {
                logger.error("withings fetch could not record a failure", ["error": .string(String(describing: error))])
            }
        }
    }

    /// Every page of measure groups in the window; a refused access token is refreshed once.
    private func fetchGroups(userID: String, start: Int64, end: Int64) async throws -> [JSONValue] {
        var token = try await tokens.accessToken(userID: userID)
        var refreshed = false
        var groups: [JSONValue] = [], offset: Int64 = 0
        while true {
            do {
                let page = try await tokens.client.measures(accessToken: token, start: start, end: end, offset: offset)
                groups += page.groups
                guard page.more else { return groups }
                offset = page.offset
            } catch WithingsAPIError.invalidAccessToken where !refreshed {
                refreshed = true
                token = try await tokens.accessToken(userID: userID, refused: token)
            }
        }
    }

    private func store(_ rows: [MeasurementRow], for row: Claimed) async throws {
        let ordered = rows.sorted { ($0.type, $0.externalId) < ($1.type, $1.externalId) }
        let now = Clock.now(), milliseconds = Clock.nowMilliseconds()
        try await database.transaction { connection in
            if !ordered.isEmpty {
                let first = try SyncCounter.reserve(ordered.count, userID: row.userID, on: connection)
                let written = ordered.enumerated().map { offset, measure in
                    Written(row: measure, userID: row.userID,
                            write: RowWrite(seconds: now, milliseconds: milliseconds, version: first + Int64(offset)))
                }
                if try !MeasurementStore.insert.run(written, on: connection).isEmpty {
                    _ = try PersonalRecordJobs.enqueue(userID: row.userID, now: now, on: connection)
                }
                try WithingsAccountStore.markDataArrived(userID: row.userID, now: now, on: connection)
            }
            try WithingsNotificationQueue.markFetched(id: row.id, now: now, on: connection)
        }
    }

    private func recordFailure(_ row: Claimed, reason: String, final: Bool) async throws {
        let now = Clock.now()
        let backOff = min(maxBackOffSeconds, Int64(1) << min(row.attempts - 1, 30))
        try await database.write { connection in
            if final {
                try WithingsNotificationQueue.markFailed(id: row.id, reason: reason, now: now, on: connection)
            } else {
                try WithingsNotificationQueue.scheduleRetry(id: row.id, reason: reason, nextAttemptAt: now + backOff, on: connection)
            }
        }
        logger.warning("withings fetch attempt failed", ["notification": .string(row.id), "final": .bool(final), "reason": .string(reason)])
    }
}
