import Dispatch
import Foundation
import Storage

/// Holds a `Database`'s writer with a job that waits until `release`, so the writes submitted
/// meanwhile queue up behind it (on SQLite: grouped transactions wait to form one group).
/// On PostgreSQL it holds one pooled connection; the others keep working.
public final class WriterHold: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let job: Task<Void, any Error>

    /// Returns once the holding job runs on the writer.
    public init(_ database: Database) async {
        let entered = DispatchSemaphore(value: 0), gate = gate
        job = Task { try await database.write { _ in entered.signal(); gate.wait() } }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { entered.wait(); continuation.resume() }
        }
    }

    /// Lets the writer go on and waits for the holding job to end.
    public func release() async throws {
        gate.signal()
        try await job.value
    }

    /// Runs `calls` while the writer is held, each in a task of its own, and releases the writer
    /// once all of them wait for it (on SQLite, as grouped transactions: then they form one
    /// group; on PostgreSQL at once). Returns each call's outcome, in order, and whether all of
    /// them were seen waiting within 10 s.
    public static func queued<T: Sendable>(
        on database: Database, _ calls: [@Sendable () async throws -> T]
    ) async throws -> (outcomes: [Result<T, any Error>], allWaited: Bool) {
        let hold = await WriterHold(database)
        let tasks = calls.map { call in Task { try await call() } }
        let deadline = Date().addingTimeInterval(10)
        while database.dialect == .sqlite, database.groupedTransactionsWaiting < calls.count, Date() < deadline {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        let allWaited = database.dialect != .sqlite || database.groupedTransactionsWaiting == calls.count
        try await hold.release()
        var outcomes: [Result<T, any Error>] = []
        for task in tasks { outcomes.append(await task.result) }
        return (outcomes, allWaited)
    }
}
