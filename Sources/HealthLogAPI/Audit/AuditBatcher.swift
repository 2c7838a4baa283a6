import HTTPServer
import Storage
import Synchronization

/// Collects high-volume audit rows (`auth.bearer.success`/`failure`, one per bearer request) in
/// memory and writes them in one transaction every `interval` (the `run` loop, a service
/// background task) or once `batchSize` rows wait, so a request never waits on an INSERT. Rows
/// recording a state change are written inline instead, in the transaction of the change.
public final class AuditBatcher: Sendable {
    private let database: Database
    private let logger: Logger
    private let pending = Mutex<[AuditEntry]>([])
    /// Rows refused since the last flush because `maxPending` were already waiting.
    private let dropped = Atomic<Int>(0)
    private let batchSize: Int
    private let interval: Duration

    init(database: Database, logger: Logger, interval: Duration = .milliseconds(200), batchSize: Int = 100) {
        self.database = database
        self.logger = logger
        self.batchSize = batchSize
        self.interval = interval
    }

    /// Flushes every `interval` until cancelled (the server's shutdown cancels its background
    /// tasks; the shutdown hook then writes what the last requests queued).
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            await flush()
        }
    }

    /// The most rows that wait in memory while the database is slower than the requests (what
    /// is refused is counted and logged): rows of no account yield first, so a flood of
    /// anonymous failures cannot crowd out what belongs to an account.
    static let maxPendingWithoutAccount = 10_000
    static let maxPending = 100_000

    func record(_ entry: AuditEntry) {
        let waiting = pending.withLock { rows -> Int? in
            let limit = entry.userID == nil ? Self.maxPendingWithoutAccount : Self.maxPending
            guard rows.count < limit else { return nil }
            rows.append(entry)
            return rows.count
        }
        guard let waiting else {
            dropped.add(1, ordering: .relaxed)
            return
        }
        if waiting >= batchSize { Task { await self.flush() } }
    }

    /// Writes whatever is waiting. A failed write is logged and its rows dropped: the audit
    /// trail must not grow memory without bound while the database is down.
    public func flush() async {
        let refused = dropped.exchange(0, ordering: .relaxed)
        if refused > 0 { logger.error("audit rows refused while too many waited", ["rows": .int(refused)]) }
        let rows = pending.withLock { rows in
            defer { rows.removeAll(keepingCapacity: true) }
            return rows
        }
        guard !rows.isEmpty else { return }
        do {
            try await database.transaction { connection in
                for row in rows { try row.insertUnlessAccountDeleted(on: connection) }
            }
        } catch {
            logger.error("audit batch dropped", ["rows": .int(rows.count), "error": .string(String(describing: error))])
        }
    }
}
