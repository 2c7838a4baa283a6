import FeedParsing
import Foundation

// Parses every file given on the command line, in memory, `--iterations` times over (after one
// untimed warm-up pass) and prints one line of figures, the same line `feedparser_bench.py`
// prints for Python's feedparser, so `run.sh` can compare the two on identical input.
// Usage: FeedBench [--iterations N] FILE...

var iterations = 5
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    if argument == "--iterations", let value = arguments.next().flatMap(Int.init) {
        iterations = value
    } else {
        paths.append(argument)
    }
}
let documents = paths.compactMap { FileManager.default.contents(atPath: $0) }
let totalBytes = documents.reduce(0) { $0 + $1.count }
let fetchedAt = Date()
var entries = 0
var rejected = 0
for document in documents {
    _ = try? FeedParser.parse(document, fetchedAt: fetchedAt)
}
let clock = ContinuousClock()
let elapsed = clock.measure {
    for _ in 0..<iterations {
        for document in documents {
            do throws(FeedParseError) {
                entries += try FeedParser.parse(document, fetchedAt: fetchedAt).entries.count
            } catch {
                rejected += 1
            }
        }
    }
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let parses = documents.count * iterations
print(String(format: "parser=FeedParsing documents=%d iterations=%d bytes=%d entries=%d rejected=%d seconds=%.4f docs_per_second=%.1f mb_per_second=%.2f",
             documents.count, iterations, totalBytes, entries / max(iterations, 1), rejected / max(iterations, 1), seconds,
             Double(parses) / seconds, Double(totalBytes * iterations) / seconds / 1_048_576))
