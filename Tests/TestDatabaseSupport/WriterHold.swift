import Dispatch
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
}
