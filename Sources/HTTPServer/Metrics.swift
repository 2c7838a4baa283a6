import Foundation
import Synchronization

/// Counters and latency histograms, rendered in the Prometheus text format (version 0.0.4)
/// at `/metrics`. Request metrics are recorded by the server for every response, into one
/// shard per event loop so loops never contend; a scrape adds the shards up. Services
/// register their own counters (e.g. a deprecated-path counter) with `counter(_:help:)`.
public final class MetricsRegistry: Sendable {
    /// Upper bounds in seconds: fine below 10 ms, where most API answers land.
    static let latencyBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private let shards: [RequestMetricsShard] = (0..<64).map { _ in RequestMetricsShard() }
    private let counters = Mutex<[(name: String, help: String, counter: Counter)]>([])
    private let gauges = Mutex<[(name: String, help: String, read: @Sendable () -> Int)]>([])

    public init() {}

    /// `route` is the matched pattern, never the raw path: raw paths would make one series per id.
    func recordRequest(method: String, route: String, status: Int, seconds: Double, shard: Int) {
        shards[shard % shards.count].record(method: method, route: route, status: status, seconds: seconds)
    }

    /// A monotonically increasing counter; registering the same name again returns the same counter.
    public func counter(_ name: String, help: String) -> Counter {
        counters.withLock { list in
            if let existing = list.first(where: { $0.name == name }) { return existing.counter }
            let counter = Counter()
            list.append((name, help, counter))
            return counter
        }
    }

    /// A value read when `/metrics` is scraped (open connections, queue depth…).
    public func gauge(_ name: String, help: String, read: @escaping @Sendable () -> Int) {
        gauges.withLock { $0.append((name, help, read)) }
    }

    public func renderPrometheus() -> String {
        var merged: [RequestSeries: SeriesStats] = [:]
        for shard in shards {
            for (series, stats) in shard.snapshot() { merged[series, default: SeriesStats()].add(stats) }
        }
        let ordered = merged.sorted { ($0.key.route, $0.key.method) < ($1.key.route, $1.key.method) }
        var out = "# HELP http_requests_total Requests answered, by method, route and status.\n# TYPE http_requests_total counter\n"
        for (series, stats) in ordered {
            for (status, count) in stats.statusCounts.sorted(by: { $0.status < $1.status }) {
                out += "http_requests_total{\(series.labels),status=\"\(status)\"} \(count)\n"
            }
        }
        out += "# HELP http_request_duration_seconds Time from a complete request to its response, by method and route.\n# TYPE http_request_duration_seconds histogram\n"
        for (series, stats) in ordered {
            var cumulative = 0
            for (bound, count) in zip(Self.latencyBuckets, stats.buckets) {
                cumulative += count
                out += "http_request_duration_seconds_bucket{\(series.labels),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "http_request_duration_seconds_bucket{\(series.labels),le=\"+Inf\"} \(stats.count)\n"
            out += "http_request_duration_seconds_sum{\(series.labels)} \(stats.sum)\n"
            out += "http_request_duration_seconds_count{\(series.labels)} \(stats.count)\n"
        }
        for entry in counters.withLock({ $0 }) {
            out += "# HELP \(entry.name) \(entry.help)\n# TYPE \(entry.name) counter\n\(entry.name) \(entry.counter.value)\n"
        }
        for entry in gauges.withLock({ $0 }) {
            out += "# HELP \(entry.name) \(entry.help)\n# TYPE \(entry.name) gauge\n\(entry.name) \(entry.read())\n"
        }
        return out
    }
}

struct RequestSeries: Hashable, Sendable {
    let method: String
    let route: String
    var labels: String { "method=\"\(Self.escape(method))\",route=\"\(Self.escape(route))\"" }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

struct SeriesStats: Sendable {
    /// Count per status, in first-seen order: a series sees a handful of statuses, and finding
    /// one in a short list costs less than hashing it for every request.
    var statusCounts: [(status: Int, count: Int)] = []
    var buckets = [Int](repeating: 0, count: MetricsRegistry.latencyBuckets.count)
    var sum = 0.0
    var count = 0

    mutating func record(status: Int, seconds: Double) {
        add(status: status, count: 1)
        if let bucket = MetricsRegistry.latencyBuckets.firstIndex(where: { seconds <= $0 }) { buckets[bucket] += 1 }
        sum += seconds
        count += 1
    }

    private mutating func add(status: Int, count: Int) {
        if let index = statusCounts.firstIndex(where: { $0.status == status }) {
            statusCounts[index].count += count
        } else {
            statusCounts.append((status, count))
        }
    }

    mutating func add(_ other: SeriesStats) {
        for entry in other.statusCounts { add(status: entry.status, count: entry.count) }
        for i in buckets.indices { buckets[i] += other.buckets[i] }
        sum += other.sum
        count += other.count
    }
}

/// One loop's request metrics. Its lock is only ever contended by a scrape.
final class RequestMetricsShard: Sendable {
    private struct Table {
        var indices: [RequestSeries: Int] = [:]
        var stats: [SeriesStats] = []
        /// The series recorded last: traffic comes in runs of one route, and comparing two
        /// strings that share their storage costs less than hashing them. Kept as plain
        /// properties, so comparing with them copies no string.
        var lastRoute = ""
        var lastMethod = ""
        var lastIndex = -1

        mutating func index(method: String, route: String) -> Int {
            if lastIndex >= 0 && lastRoute == route && lastMethod == method { return lastIndex }
            let series = RequestSeries(method: method, route: route)
            let index: Int
            if let known = indices[series] {
                index = known
            } else {
                index = stats.count
                stats.append(SeriesStats())
                indices[series] = index
            }
            (lastRoute, lastMethod, lastIndex) = (route, method, index)
            return index
        }
    }

    private let table = Mutex(Table())

    func record(method: String, route: String, status: Int, seconds: Double) {
        table.withLock { table in
            table.stats[table.index(method: method, route: route)].record(status: status, seconds: seconds)
        }
    }

    func snapshot() -> [RequestSeries: SeriesStats] {
        table.withLock { table in table.indices.mapValues { table.stats[$0] } }
    }
}

public final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    public func increment(by amount: Int = 1) { count.add(amount, ordering: .relaxed) }
    public var value: Int { count.load(ordering: .relaxed) }
}
