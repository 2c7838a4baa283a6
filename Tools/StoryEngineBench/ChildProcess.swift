import Foundation

/// Runs this executable again with `--size N` and parses its `RESULT` line.
enum ChildProcess {
    struct Result {
        let seconds: Double
        let cpuSeconds: Double
        let peakMB: Double
        let row: String
    }

    static func run(size: Int, roundSize: Int, threads: Int) -> Result? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--size", String(size), "--round", String(roundSize), "--threads", String(threads)]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else { return nil }
        var fields: [String: String] = [:]
        for pair in line.dropFirst("RESULT ".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let count = fields["size"].flatMap(Double.init), let seconds = fields["seconds"].flatMap(Double.init),
              let cpuSeconds = fields["cpuSeconds"].flatMap(Double.init),
              let peakKiB = fields["peakKiB"].flatMap(Double.init), let live = fields["live"].flatMap(Int.init),
              let precision = fields["precision"].flatMap(Double.init), let recall = fields["recall"].flatMap(Double.init) else { return nil }
        let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        let row = String(format: "%-8d %10.0f %9.2f %14.0f %9.2f %8.2f %9.1f %14d   %.3f / %.3f / %.3f",
                         Int(count), count / seconds, seconds, count / cpuSeconds, cpuSeconds, cpuSeconds / seconds, peakKiB / 1024, live,
                         precision, recall, f1)
        return Result(seconds: seconds, cpuSeconds: cpuSeconds, peakMB: peakKiB / 1024, row: row)
    }
}
