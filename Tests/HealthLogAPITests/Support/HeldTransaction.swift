import Foundation
import Storage
import Synchronization

/// A transaction another server process could have open: `begin` runs `work` in a transaction
/// on its own database handle and keeps it open, with every row lock it took, until `commit`.
/// Race tests use it to hold the exact interleaving a race needs instead of hoping for it.
final class HeldTransaction: Sendable {
    private struct State {
        var started = false
        var released = false
    }

    private let state = Mutex(State())
    private let database: Database
    private let finished = Mutex<Task<Void, any Error>?>(nil)

    private init(database: Database) {
        self.database = database
    }

    static func begin(url: String, _ work: @escaping @Sendable (any DatabaseConnection) throws -> Void) async throws -> HeldTransaction {
        let held = HeldTransaction(database: try Database.open(url: url, poolSize: 1))
        let task = Task {
            try await held.database.transaction { connection in
                try work(connection)
                held.state.withLock { $0.started = true }
                while !held.state.withLock({ $0.released }) { Thread.sleep(forTimeInterval: 0.01) }
            }
        }
        held.finished.withLock { $0 = task }
        _ = try await eventually(timeout: 10) { held.state.withLock { $0.started } }
        return held
    }

    /// Ends the transaction (committed) and closes its handle.
    func commit() async throws {
        state.withLock { $0.released = true }
        let task = finished.withLock { $0 }
        try await task?.value
        database.close()
    }
}

extension Database {
    /// PostgreSQL sessions waiting for a lock whose statement contains `fragment`.
    func sessionsWaitingOnLocks(running fragment: String) async throws -> Int {
        try await read { connection in
            try connection.queryFirst("""
                SELECT COUNT(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1
                """, "%" + fragment + "%")?.decode(Int.self, "waiting") ?? 0
        }
    }
}
