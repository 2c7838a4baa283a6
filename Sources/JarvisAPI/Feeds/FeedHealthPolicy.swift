import Foundation

/// How a feed's health follows its fetches. One good fetch makes it `active`. Failures back
/// off exponentially from the poll interval; two in a row make it `failing`; a sustained run
/// (by count or by time) or a 410 Gone makes it `dead`, and a dead feed is only retried rarely
/// until a fetch succeeds again.
struct FeedHealthPolicy: Sendable {
    var failingAfterFailures = 2
    var deadAfterFailures = 10
    /// Failing for this long without a single success also means dead.
    var deadAfterSeconds: Double = 24 * 3600
    var maximumBackoffSeconds: Double = 6 * 3600
    var deadRetrySeconds: Double = 24 * 3600

    struct Verdict: Equatable {
        let health: Feed.Health
        let failureCount: Int
        /// When the current run of failures began (nil after a success).
        let failingSince: Date?
        let nextFetch: Date
    }

    func afterSuccess(interval: Int, now: Date) -> Verdict {
        Verdict(health: .active, failureCount: 0, failingSince: nil, nextFetch: now.addingTimeInterval(Double(interval)))
    }

    func afterFailure(previousFailures: Int, failingSince: Date?, interval: Int, gone: Bool, now: Date) -> Verdict {
        let failures = previousFailures + 1
        let since = failingSince ?? now
        if gone || failures >= deadAfterFailures || now.timeIntervalSince(since) >= deadAfterSeconds {
            return Verdict(health: .dead, failureCount: failures, failingSince: since, nextFetch: now.addingTimeInterval(deadRetrySeconds))
        }
        let backoff = min(Double(interval) * pow(2, Double(failures - 1)), maximumBackoffSeconds)
        return Verdict(health: failures >= failingAfterFailures ? .failing : .active, failureCount: failures,
                       failingSince: since, nextFetch: now.addingTimeInterval(backoff))
    }
}
