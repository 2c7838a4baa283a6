import Foundation

/// A first-in first-out queue of work shared by a pool's worker threads.
///
/// `next()` parks the calling worker thread on a condition variable, so idle workers cost
/// nothing. Closing the queue lets workers drain what is already queued and then stop.
///
/// `@unchecked Sendable`: all mutable state is only touched with `condition` locked.
/// `NSCondition` (a pthread mutex and condition variable) rather than `Mutex` plus a
/// semaphore: on Linux a contended `Mutex` hands over ownership inside the kernel, which
/// ThreadSanitizer cannot see, so `swift test --sanitize=thread` would report false races on
/// this, the busiest lock of the module.
final class JobQueue<Job: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [Job] = []
    /// Index of the oldest job in `jobs`; popping advances it instead of shifting the array.
    private var head = 0
    private var isClosed = false

    /// Adds a job. Returns false, without queueing, once the queue is closed.
    func enqueue(_ job: Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Blocks until a job is available and returns it; returns nil once the queue is closed
    /// and empty, which tells the calling worker to exit.
    func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !isClosed {
            condition.wait()
        }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    /// Refuses further jobs and wakes every waiting worker so each can observe the end.
    /// Calling it again has no effect.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
    }
}
