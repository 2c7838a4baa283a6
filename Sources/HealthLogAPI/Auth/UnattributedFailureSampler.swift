import HTTPServer
import Synchronization

/// Caps the `auth.bearer.failure` rows that belong to no account — a malformed header, an
/// unknown token, a refresh token sent as a bearer — at `perMinute` per client address (its
/// throttle key, an IPv6 client's /64) and `totalPerMinute` in all, per process; beyond that a
/// failure is only counted, at `/metrics`. Anyone can send such requests and no user can see
/// their rows (the audit trail is read per account), so unlimited they would be a way to fill
/// the disk and load the database's writer. A refused token of a known account (expired,
/// revoked) is always recorded, with that account.
final class UnattributedFailureSampler: Sendable {
    static let perMinute = 20
    /// Across all clients: an attacker holding many /64s gets no more than this.
    static let totalPerMinute = 600

    private struct Window {
        var minute: Int64 = -1
        var total = 0
        /// At most `totalPerMinute` keys: only admitted clients are counted.
        var counts: [String: Int] = [:]
    }

    private let window = Mutex(Window())
    private let unrecorded: Counter

    init(metrics: MetricsRegistry) {
        unrecorded = metrics.counter("healthlog_auth_bearer_failures_unrecorded_total",
                                     help: "Bearer failures of no account beyond the per-address audit allowance")
    }

    /// True when this failure from `client` (at unix time `now`) is to be recorded.
    func admit(_ client: String, now: Int64) -> Bool {
        let admitted = window.withLock { window in
            if window.minute != now / 60 { window = Window(minute: now / 60) }
            guard window.total < Self.totalPerMinute, window.counts[client, default: 0] < Self.perMinute else { return false }
            window.total += 1
            window.counts[client, default: 0] += 1
            return true
        }
        if !admitted { unrecorded.increment() }
        return admitted
    }
}
