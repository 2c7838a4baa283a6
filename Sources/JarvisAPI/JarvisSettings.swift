import FeedFetching
import Foundation
import ServiceRuntime

// Operator settings read from the environment at start-up; a malformed value stops start-up
// with a message naming the variable rather than running with a surprise.

extension StoryWorker.Settings {
    /// `JARVIS_STORY_STALE_SECONDS` (default 86400: a story with no new article for a day
    /// leaves the feed), `JARVIS_STORY_SWEEP_SECONDS` (default 60: how often freshness is
    /// re-scored and quiet stories retired) and `JARVIS_ARRIVAL_SETTLE_SECONDS` (default 1: how
    /// long new articles must stop arriving before they are placed; at most 5 s, or 3× the setting, of waiting, and
    /// never more than a sixth of the clustering lease, the wait at most half of it).
    init(environment: [String: String]) throws {
        self.init()
        if let value = try positiveNumber("JARVIS_STORY_STALE_SECONDS", environment) { staleAfterSeconds = value }
        if let value = try positiveNumber("JARVIS_STORY_SWEEP_SECONDS", environment) { sweepSeconds = value }
        if let value = try positiveNumber("JARVIS_ARRIVAL_SETTLE_SECONDS", environment) {
            // The wait happens while the clustering lease is held: it must end well before the lease does.
            arrivalSettleSeconds = min(value, leaseSeconds / 6)
            arrivalSettleLimitSeconds = min(max(arrivalSettleLimitSeconds, 3 * arrivalSettleSeconds), leaseSeconds / 2)
        }
    }
}

extension ArchiveRetention {
    /// `JARVIS_ARCHIVE_DAYS` (default 30): how long stories that left the feed, and their
    /// articles, are kept. At least `minimum` seconds — a story's time to go stale plus the
    /// engine's clustering window — or a follow-up could join a story already deleted: a value
    /// set below it stops start-up; the default grows to it.
    init(environment: [String: String], keepingAtLeast minimum: Double) throws {
        self.init()
        guard let days = try positiveNumber("JARVIS_ARCHIVE_DAYS", environment) else {
            seconds = max(seconds, minimum)
            return
        }
        seconds = days * 86_400
        guard seconds >= minimum else {
            let days = (minimum / 86_400 * 100).rounded(.up) / 100
            let shown = days == days.rounded() ? String(Int(days)) : String(days)
            throw ServiceOptions.InvalidOption(description: "JARVIS_ARCHIVE_DAYS must be at least \(shown) "
                + "(the time a story takes to go stale plus the 72 h clustering window)")
        }
    }
}

extension LiveUpdatesRoute {
    /// The contract: "server should send ping every 30s".
    static let contractPingSeconds: Double = 30

    /// `JARVIS_WS_PING_SECONDS`, else the contract's interval (tests shorten it).
    static func pingSeconds(environment: [String: String]) throws -> Double {
        try positiveNumber("JARVIS_WS_PING_SECONDS", environment) ?? contractPingSeconds
    }
}

/// A positive number from the environment, or nil when unset; anything else stops start-up.
func positiveNumber(_ name: String, _ environment: [String: String]) throws -> Double? {
    guard let text = environment[name] else { return nil }
    guard let value = Double(text), value > 0 else {
        throw ServiceOptions.InvalidOption(description: "\(name) must be a positive number, got \(text)")
    }
    return value
}

extension FeedHealthPolicy {
    /// Operators (and demos) can tighten the thresholds: `JARVIS_FEED_FAILING_AFTER`,
    /// `JARVIS_FEED_DEAD_AFTER` (failures), `JARVIS_FEED_DEAD_AFTER_SECONDS`,
    /// `JARVIS_FEED_MAX_BACKOFF_SECONDS`, `JARVIS_FEED_DEAD_RETRY_SECONDS`.
    init(environment: [String: String]) throws {
        self.init()
        func number(_ name: String) throws -> Double? { try positiveNumber(name, environment) }
        if let value = try number("JARVIS_FEED_FAILING_AFTER") { failingAfterFailures = Int(value) }
        if let value = try number("JARVIS_FEED_DEAD_AFTER") { deadAfterFailures = Int(value) }
        if let value = try number("JARVIS_FEED_DEAD_AFTER_SECONDS") { deadAfterSeconds = value }
        if let value = try number("JARVIS_FEED_MAX_BACKOFF_SECONDS") { maximumBackoffSeconds = value }
        if let value = try number("JARVIS_FEED_DEAD_RETRY_SECONDS") { deadRetrySeconds = value }
    }
}

extension FetcherConfiguration {
    /// `JARVIS_FEED_ALLOW_NETWORKS` (comma-separated CIDRs, none by default): the internal
    /// networks feeds may be fetched from; `JARVIS_FEED_FETCH_DEADLINE_SECONDS` (default 60):
    /// the wall-clock time one fetch may take before it is cancelled and recorded as failed.
    init(environment: [String: String]) throws {
        self.init()
        do {
            destinations = try DestinationPolicy(environment: environment)
        } catch {
            throw ServiceOptions.InvalidOption(description: error.description)
        }
        if let value = try positiveNumber("JARVIS_FEED_FETCH_DEADLINE_SECONDS", environment) { deadline = value }
    }
}

/// `JARVIS_FEED_FETCHING`: `on` (the default) or `off`. Off, this process serves the API and the
/// story engine but never fetches a feed nor looks a feed's host name up: feeds are accepted and
/// stored as ever, and fetched by the processes that have it on (on one PostgreSQL database), or
/// once the setting is lifted. For an API process without a route to the internet, a staging copy
/// of real subscriptions that must not poll their publishers, or an API contract run.
enum FeedFetchingSetting {
    static let environmentName = "JARVIS_FEED_FETCHING"

    static func isOn(_ environment: [String: String]) throws -> Bool {
        switch environment[environmentName] ?? "on" {
        case "on", "": return true
        case "off": return false
        case let other:
            throw ServiceOptions.InvalidOption(description: "\(environmentName) must be on or off, got \(other)")
        }
    }
}
