import Foundation

/// `bench/healthlog-ingest/run.sh` starts a release `healthlog` server and runs this: batches of
/// Apple Health samples over HTTP from several users at once, and the same rows inserted raw into
/// the same table, in alternating rounds, and prints both rates and their ratio.
///
/// Each round inserts half of its rows raw, posts an equal share of every user's batches (the
/// same rows), waits until the personal-record detection they enqueued is over, and inserts the
/// other half raw. A round's ratio is the raw insert's seconds (both halves) over the HTTP side's.
/// The printed ratio is the median of the rounds: on a machine shared with other work, a burst of
/// load lands on one round, and on one side of it.
func runBenchmark() async throws {
    let config = try BenchConfig.fromEnvironment()
    let perUser = config.batchesPerUser * config.entriesPerBatch
    let series = config.emails.indices.map { BenchSample.series(user: $0, count: perUser) }
    let batches = series.map { samples in
        stride(from: 0, to: samples.count, by: config.entriesPerBatch).map { Array(samples[$0..<min($0 + config.entriesPerBatch, samples.count)]) }
    }
    let total = series.reduce(0) { $0 + $1.count }
    let http = try HTTPIngest(config: config, batches: batches)
    let raw = try await RawInsert(config: config)
    let server = CPUClock(pid: config.serverPID)
    let perRound = config.batchesPerUser / config.rounds
    var httpSeconds: [Double] = [], rawSeconds: [Double] = []
    var serverHTTP: Double = 0, serverAfter: Double = 0, rawCPU: Double = 0
    print(String(format: "users=%d batches=%d entries=%d rounds=%d", config.emails.count, batches.count * config.batchesPerUser, total,
                 config.rounds))
    print("settings: " + (try await raw.settings()))
    for round in 0..<config.rounds {
        let range = (round * perRound)..<((round + 1) * perRound)
        let rows = batches.flatMap { $0[range].flatMap { $0 } }
        // The raw insert's rows go in two halves, one just before the HTTP side and one just after
        // it (each in its transaction), so a change in the machine's load during the round, and
        // the table's growth, weigh on both sides alike.
        let half = rows.count / 2
        let before = try await raw.insert(Array(rows[..<half]))
        let serverBefore = server.seconds()
        httpSeconds.append(try http.post(batches: range))
        let serverAfterHTTP = server.seconds()
        try await raw.waitForDetection()
        let serverAfterDetection = server.seconds()
        let after = try await raw.insert(Array(rows[half...]))
        rawSeconds.append(before.seconds + after.seconds)
        let roundRawCPU = before.cpuSeconds + after.cpuSeconds
        rawCPU += roundRawCPU
        var cpu = ""
        if let serverBefore, let serverAfterHTTP, let serverAfterDetection {
            serverHTTP += serverAfterHTTP - serverBefore
            serverAfter += serverAfterDetection - serverAfterHTTP
            cpu = String(format: " (cpu us/row: server %.1f, raw %.1f)", (serverAfterHTTP - serverBefore) / Double(rows.count) * 1e6,
                         roundRawCPU / Double(rows.count) * 1e6)
        }
        print(String(format: "round %d: http %.0f entries/s (%.2f s), raw %.0f entries/s (%.2f + %.2f s): %.2f", round + 1,
                     Double(rows.count) / httpSeconds[round], httpSeconds[round], Double(rows.count) / rawSeconds[round],
                     before.seconds, after.seconds, rawSeconds[round] / httpSeconds[round]) + cpu)
    }
    let ratios = zip(rawSeconds, httpSeconds).map { $0 / $1 }
    let httpTotal = httpSeconds.reduce(0, +), rawTotal = rawSeconds.reduce(0, +)
    print(String(format: "http entries/s=%.0f (%.2f s)", Double(total) / httpTotal, httpTotal))
    print(String(format: "raw  entries/s=%.0f (%.2f s)", Double(total) / rawTotal, rawTotal))
    let each = ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
    print(String(format: "ratio=%.2f", median(ratios)) + " (median of \(ratios.count) rounds: \(each); target >= 0.70)")
    // CPU per row does not depend on what else the machine runs, unlike the rates above.
    if config.serverPID != nil {
        print(String(format: "cpu us/row: server %.1f during http (+%.1f after, background jobs), raw %.1f; raw / server %.2f",
                     serverHTTP / Double(total) * 1e6, serverAfter / Double(total) * 1e6, rawCPU / Double(total) * 1e6,
                     rawCPU / serverHTTP))
    }
}

/// The middle value, or the mean of the two middle ones.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted(), middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

do {
    try await runBenchmark()
} catch {
    FileHandle.standardError.write(Data("ingest bench failed: \(error)\n".utf8))
    exit(1)
}
