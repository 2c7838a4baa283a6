import Synchronization

/// Counts fetches in flight per host and overall; a fetch over either cap waits its turn (FIFO
/// per host), so one slow or huge feed never occupies more than its host's share.
final class ConcurrencyLimiter: Sendable {
    private struct State {
        var total = 0
        var perHost: [String: Int] = [:]
        var waiting: [(host: String, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())
    private let perHostLimit: Int
    private let totalLimit: Int

    init(perHost: Int, total: Int) {
        perHostLimit = max(1, perHost)
        totalLimit = max(1, total)
    }

    func acquire(host: String) async {
        await withCheckedContinuation { continuation in
            let admitted = state.withLock { state -> Bool in
                guard state.total < totalLimit, state.perHost[host, default: 0] < perHostLimit else {
                    state.waiting.append((host, continuation))
                    return false
                }
                state.total += 1
                state.perHost[host, default: 0] += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    func release(host: String) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.total -= 1
            state.perHost[host, default: 1] -= 1
            if state.perHost[host] == 0 { state.perHost[host] = nil }
            guard state.total < totalLimit,
                  let index = state.waiting.firstIndex(where: { state.perHost[$0.host, default: 0] < perHostLimit }) else { return nil }
            let chosen = state.waiting.remove(at: index)
            state.total += 1
            state.perHost[chosen.host, default: 0] += 1
            return chosen.continuation
        }
        next?.resume()
    }
}
