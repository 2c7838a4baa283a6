import HTTPServer
import Storage
import Synchronization

/// Collects high-volume audit rows (`auth.bearer.success`/`failure`, one per bearer request) in
/// memory and writes them in one transaction every `interval` or once `batchSize` rows wait, so
/// a request never waits on an INSERT. Rows recording a state change are written inline instead,
/// in the transaction of the change.
public final class AuditBatcher: Sendable {
    private let database: Database
    private let logger: Logger
    private let pending = Mutex<[AuditEntry]>([])
    private let batchSize: Int

    init(database: Database, logger: Logger, interval: Duration = .milliseconds(200), batchSize: Int = 100) {
        self.database = database
        self.logger = logger
        self.batchSize = batchSize
        // The timer holds the batcher weakly: when the server and its routes are released, the
        // batcher (and its database) go too, after a final flush from the last tick.
        Task.detached { [weak self] in
            while true {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                await self.flush()
            }
        }
    }

    func record(_ entry: AuditEntry) {
        let waiting = pending.withLock { rows in
            rows.append(entry)
            return rows.count
        }
        if waiting >= batchSize { Task { await self.flush() } }
    }

    /// Writes whatever is waiting. A failed write is logged and its rows dropped: the audit
    /// trail must not grow memory without bound while the database is down.
    public func flush() async {
        let rows = pending.withLock { rows in
            defer { rows.removeAll(keepingCapacity: true) }
            return rows
        }
        guard !rows.isEmpty else { return }
        do {
            try await database.transaction { connection in
                for row in rows { try row.insert(on: connection) }
            }
        } catch {
            logger.error("audit batch dropped", ["rows": .int(rows.count), "error": .string(String(describing: error))])
        }
    }
}
