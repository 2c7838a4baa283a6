import Dispatch

/// Handlers run on an event loop's thread (see `EventLoop.enqueue`), so anything that would
/// hold the thread — a password hash, a CPU-heavy computation, a blocking call into a C
/// library — belongs here instead: it runs on a global queue while the loop serves others.
/// Storage calls need no wrapper: the database runs its work on its own threads. A serial
/// `queue` gives work that must not overlap (one owner of a non-thread-safe object) its own lane.
public func offload<T: Sendable>(on queue: DispatchQueue = .global(), _ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        queue.async {
            continuation.resume(with: Result { try work() })
        }
    }
}
