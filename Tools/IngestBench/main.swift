import Foundation

/// `bench/healthlog-ingest/run.sh` starts a release `healthlog` server and runs this: batches of
/// Apple Health samples over HTTP from several users at once, then the same rows inserted raw
/// into the same table, and prints both rates and their ratio.
func runBenchmark() async throws {
    let config = try BenchConfig.fromEnvironment()
    let perUser = config.batchesPerUser * config.entriesPerBatch
    let series = config.emails.indices.map { BenchSample.series(user: $0, count: perUser) }
    let batches = series.map { samples in
        stride(from: 0, to: samples.count, by: config.entriesPerBatch).map { Array(samples[$0..<min($0 + config.entriesPerBatch, samples.count)]) }
    }
    let total = series.reduce(0) { $0 + $1.count }
    let server = CPUClock(pid: config.serverPID)
    let serverBefore = server.seconds()
    let httpSeconds = try HTTPIngest.run(config: config, batches: batches)
    let serverAfterHTTP = server.seconds()
    let ownBefore = CPUClock.ownSeconds()
    let rawSeconds = try await RawInsert.run(config: config, samples: series.flatMap { $0 })
    let rawCPU = CPUClock.ownSeconds() - ownBefore, serverAfterRaw = server.seconds()
    let httpRate = Double(total) / httpSeconds, rawRate = Double(total) / rawSeconds
    print(String(format: "users=%d batches=%d entries=%d", config.emails.count, batches.count * config.batchesPerUser, total))
    print(String(format: "http entries/s=%.0f (%.2f s)", httpRate, httpSeconds))
    print(String(format: "raw  entries/s=%.0f (%.2f s)", rawRate, rawSeconds))
    print(String(format: "ratio=%.2f (target >= 0.70)", httpRate / rawRate))
    // CPU per row does not depend on what else the machine runs, unlike the rates above.
    if let serverBefore, let serverAfterHTTP, let serverAfterRaw {
        print(String(format: "cpu us/row: server %.1f during http (+%.1f after, background jobs), raw %.1f",
                     (serverAfterHTTP - serverBefore) / Double(total) * 1e6,
                     (serverAfterRaw - serverAfterHTTP) / Double(total) * 1e6, rawCPU / Double(total) * 1e6))
    }
}

do {
    try await runBenchmark()
} catch {
    FileHandle.standardError.write(Data("ingest bench failed: \(error)\n".utf8))
    exit(1)
}
