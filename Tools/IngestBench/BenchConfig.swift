import Foundation

/// What `run.sh` hands the benchmark, through the environment.
struct BenchConfig {
    /// The running release server, e.g. http://127.0.0.1:8081.
    let serverURL: String
    /// The same database the server uses: the raw baseline inserts into its `measurements` table.
    let databaseURL: String
    let emails: [String]
    let password: String
    /// Batches each user posts (at most 60: the per-user rate limit is part of what is measured).
    let batchesPerUser: Int
    let entriesPerBatch: Int
    /// Rounds of (HTTP, raw), alternating; each round posts an equal share of every user's batches.
    let rounds: Int
    /// The server's process id, when given: its CPU time is then reported per row.
    let serverPID: Int32?

    static func fromEnvironment() throws -> BenchConfig {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) throws -> String {
            guard let value = environment[name], !value.isEmpty else { throw BenchError("\(name) is not set") }
            return value
        }
        let batches = Int(environment["BENCH_BATCHES_PER_USER"] ?? "") ?? 40
        guard (1...60).contains(batches) else { throw BenchError("BENCH_BATCHES_PER_USER must be 1...60") }
        let rounds = Int(environment["BENCH_ROUNDS"] ?? "") ?? 10
        guard rounds >= 1, batches % rounds == 0 else {
            throw BenchError("BENCH_ROUNDS must be at least 1 and divide BENCH_BATCHES_PER_USER (\(batches))")
        }
        return BenchConfig(serverURL: try value("BENCH_SERVER_URL"), databaseURL: try value("BENCH_DATABASE_URL"),
                           emails: try value("BENCH_EMAILS").split(separator: ",").map(String.init),
                           password: try value("BENCH_PASSWORD"), batchesPerUser: batches,
                           entriesPerBatch: Int(environment["BENCH_ENTRIES_PER_BATCH"] ?? "") ?? 500, rounds: rounds,
                           serverPID: environment["BENCH_SERVER_PID"].flatMap { Int32($0) })
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
