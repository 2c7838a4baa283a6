import Foundation
import Synchronization

/// Counters and latency histograms, rendered in the Prometheus text format (version 0.0.4)
/// at `/metrics`. Request metrics are recorded by the server for every response; services
/// register their own counters (e.g. a deprecated-path counter) with `counter(_:help:)`.
public final class MetricsRegistry: Sendable {
    /// Upper bounds in seconds: fine below 10 ms, where most API answers land.
    static let latencyBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct RequestKey: Hashable { let method: String; let route: String; let status: Int }
    private struct LatencyKey: Hashable { let method: String; let route: String }
    private struct Histogram { var buckets = [Int](repeating: 0, count: MetricsRegistry.latencyBuckets.count); var sum = 0.0; var count = 0 }

    private let requests = Mutex<[RequestKey: Int]>([:])
    private let latencies = Mutex<[LatencyKey: Histogram]>([:])
    private let counters = Mutex<[(name: String, help: String, counter: Counter)]>([])
    private let gauges = Mutex<[(name: String, help: String, read: @Sendable () -> Int)]>([])

    public init() {}

    /// `route` is the matched pattern, never the raw path: raw paths would make one series per id.
    func recordRequest(method: String, route: String, status: Int, seconds: Double) {
        requests.withLock { $0[RequestKey(method: method, route: route, status: status), default: 0] += 1 }
        latencies.withLock { table in
            var histogram = table[LatencyKey(method: method, route: route)] ?? Histogram()
            if let bucket = Self.latencyBuckets.firstIndex(where: { seconds <= $0 }) { histogram.buckets[bucket] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            table[LatencyKey(method: method, route: route)] = histogram
        }
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
        var out = "# HELP http_requests_total Requests answered, by method, route and status.\n# TYPE http_requests_total counter\n"
        for (key, count) in requests.withLock({ $0 }).sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            out += "http_requests_total{method=\"\(escape(key.method))\",route=\"\(escape(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        out += "# HELP http_request_duration_seconds Time from a complete request to its response, by method and route.\n# TYPE http_request_duration_seconds histogram\n"
        for (key, histogram) in latencies.withLock({ $0 }).sorted(by: { ($0.key.route, $0.key.method) < ($1.key.route, $1.key.method) }) {
            let labels = "method=\"\(escape(key.method))\",route=\"\(escape(key.route))\""
            var cumulative = 0
            for (bound, count) in zip(Self.latencyBuckets, histogram.buckets) {
                cumulative += count
                out += "http_request_duration_seconds_bucket{\(labels),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "http_request_duration_seconds_bucket{\(labels),le=\"+Inf\"} \(histogram.count)\n"
            out += "http_request_duration_seconds_sum{\(labels)} \(histogram.sum)\n"
            out += "http_request_duration_seconds_count{\(labels)} \(histogram.count)\n"
        }
        for entry in counters.withLock({ $0 }) {
            out += "# HELP \(entry.name) \(entry.help)\n# TYPE \(entry.name) counter\n\(entry.name) \(entry.counter.value)\n"
        }
        for entry in gauges.withLock({ $0 }) {
            out += "# HELP \(entry.name) \(entry.help)\n# TYPE \(entry.name) gauge\n\(entry.name) \(entry.read())\n"
        }
        return out
    }

    private func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}

public final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    public func increment(by amount: Int = 1) { count.add(amount, ordering: .relaxed) }
    public var value: Int { count.load(ordering: .relaxed) }
}
