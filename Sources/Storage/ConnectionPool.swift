import Dispatch
import Foundation
import Synchronization

/// A fixed set of OS threads, each owning one database connection, that run submitted jobs.
///
/// Database drivers block. Running them on Swift's cooperative pool (two threads on this
/// platform) would stall every task in the process while a query waits on disk or network,
/// so the blocking happens here instead, and async callers wait on a continuation.
/// Jobs run in submission order on whichever worker is free.
final class ConnectionPool: Sendable {
    typealias Job = @Sendable (any PooledConnection) -> Void

    let size: Int
    private let jobs = JobQueue<Job>()
    /// Signalled once by every worker as it exits, so `shutdown` can wait for all of them.
    private let exited = DispatchSemaphore(value: 0)
    /// The worker threads, to refuse blocking calls made from inside a job (see `isWorkerThread`).
    private let workers: WorkerThreads
    private let hasShutDown = Mutex(false)

    /// Starts `size` workers, each opening its own connection with `connect` on its own
    /// thread, and returns once all are connected.
    /// - Throws: the first connection error; workers that did connect are stopped again.
    init(name: String, size: Int, connect: @escaping @Sendable () throws -> any PooledConnection) throws {
        precondition(size > 0, "a connection pool needs at least one connection")
        self.size = size
        let startup = StartupReport(expected: size)
        let threads = (0..<size).map { [jobs, exited] index in
            let thread = Thread {
                Self.runWorker(connect: connect, jobs: jobs, startup: startup)
                exited.signal()
            }
            thread.name = "\(name)-\(index)"
            return thread
        }
        workers = WorkerThreads(threads: threads)
        threads.forEach { $0.start() }
        if let error = startup.waitForAll() {
            shutdown(waitForWorkers: true)
            throw error
        }
    }

    /// Lets the workers exit if the pool is dropped without `shutdown`; they hold only the
    /// queue, not the pool, so nothing else would stop them.
    deinit {
        jobs.close()
    }

    /// Queues `work`; `completion` receives its result on the worker thread.
    /// - Throws: `DatabaseError.misuse` once the pool has been shut down.
    func submit<T: Sendable>(
        _ work: @escaping @Sendable (any PooledConnection) throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) throws {
        let accepted = jobs.enqueue { connection in
            let result = Result {
                try connection.prepareForJob()
                return try work(connection)
            }
            connection.cleanUpAfterJob()
            completion(result)
        }
        guard accepted else {
            throw DatabaseError(.misuse, "the database has been closed")
        }
    }

    /// True on this pool's worker threads, where waiting for another job of the same pool
    /// could deadlock.
    var isWorkerThread: Bool {
        let current = Thread.current
        return workers.threads.contains { $0 === current }
    }

    /// True once `shutdown` was called: no job is accepted any more.
    var isShutDown: Bool { hasShutDown.withLock { $0 } }

    /// Stops accepting jobs; workers finish what is queued, close their connections and exit.
    /// With `waitForWorkers`, the first call returns only after all of them have exited,
    /// except on a worker thread of this pool, which cannot wait for itself. Idempotent.
    func shutdown(waitForWorkers: Bool) {
        let firstCall = hasShutDown.withLock { done in
            defer { done = true }
            return !done
        }
        jobs.close()
        guard waitForWorkers, firstCall, !isWorkerThread else { return }
        for _ in 0..<size { exited.wait() }
    }

    private static func runWorker(
        connect: @Sendable () throws -> any PooledConnection, jobs: JobQueue<Job>, startup: StartupReport
    ) {
        let connection: any PooledConnection
        do {
            connection = try connect()
            startup.report(nil)
        } catch {
            startup.report(error)
            return
        }
        while let job = jobs.next() {
            job(connection)
        }
        connection.close()
    }
}

/// The pool's `Thread` objects, kept only to recognise them by identity.
///
/// `@unchecked Sendable`: `Thread` is not `Sendable`, but the array is immutable and other
/// threads only compare its elements with `===`, never touch their state.
private struct WorkerThreads: @unchecked Sendable {
    let threads: [Thread]
}

/// Collects the outcome of every worker's connection attempt for `ConnectionPool.init`.
private final class StartupReport: Sendable {
    private let expected: Int
    private let firstError = Mutex<(any Error)?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(expected: Int) { self.expected = expected }

    func report(_ error: (any Error)?) {
        if let error { firstError.withLock { $0 = $0 ?? error } }
        done.signal()
    }

    func waitForAll() -> (any Error)? {
        for _ in 0..<expected { done.wait() }
        return firstError.withLock { $0 }
    }
}
