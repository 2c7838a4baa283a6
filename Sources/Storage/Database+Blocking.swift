import Dispatch
import Synchronization

/// Blocking twins of `read`, `write` and `transaction` for code that is not async:
/// command-line tools, start-up scripts, tests. They block the calling thread until the job
/// has run, so never call them from async code (it would stall Swift's cooperative pool) or
/// from inside a closure running on this `Database` (refused, as it could deadlock).
extension Database {
    public func readBlocking<T: Sendable>(_ body: @escaping @Sendable (any DatabaseConnection) throws -> T) throws -> T {
        try runBlocking(on: readers) { try body($0) }
    }

    @discardableResult
    public func writeBlocking<T: Sendable>(_ body: @escaping @Sendable (any DatabaseConnection) throws -> T) throws -> T {
        try runBlocking(on: writer) { try body($0) }
    }

    @discardableResult
    public func transactionBlocking<T: Sendable>(
        _ body: @escaping @Sendable (any DatabaseConnection) throws -> T
    ) throws -> T {
        try runBlocking(on: writer) { try $0.inTransaction(body) }
    }

    func runBlocking<T: Sendable>(
        on pool: ConnectionPool, _ work: @escaping @Sendable (any PooledConnection) throws -> T
    ) throws -> T {
        guard !writer.isWorkerThread, !readers.isWorkerThread else {
            throw DatabaseError(
                .misuse,
                "a blocking Database call was made from inside one of its own jobs; use the connection given to the closure")
        }
        let outcome = BlockingOutcome<T>()
        try pool.submit(work) { outcome.deliver($0) }
        return try outcome.wait().get()
    }
}

/// Hands a job's result from the worker thread to the thread blocked waiting for it.
private final class BlockingOutcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let delivered = DispatchSemaphore(value: 0)

    func deliver(_ result: Result<T, any Error>) {
        self.result.withLock { $0 = result }
        delivered.signal()
    }

    func wait() -> Result<T, any Error> {
        delivered.wait()
        guard let result = result.withLock({ $0 }) else {
            preconditionFailure("a job signalled completion without delivering a result")
        }
        return result
    }
}
