import Synchronization

/// A wake-up signal that can also time out: the feed poller and the story worker sleep on it
/// between rounds, and new work wakes them early.
final class AsyncWake: Sendable {
    private let pending = Mutex<(signalled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func signal() {
        let waiter = pending.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            if state.waiter == nil { state.signalled = true }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns when signalled, after `seconds`, or when the task is cancelled.
    func wait(upTo seconds: Double) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }
            group.addTask { await self.signalled() }
            await group.next()
            group.cancelAll()
            self.signal()  // release the other child if it is the one still waiting
        }
        pending.withLock { $0.signalled = false }
    }

    private func signalled() async {
        await withCheckedContinuation { continuation in
            let ready = pending.withLock { state -> Bool in
                if state.signalled { state.signalled = false; return true }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
