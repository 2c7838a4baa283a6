import Foundation
import StoryClustering

/// One benchmark size, run inside its own process: generates the stream, times only the
/// pipeline, and prints one `RESULT` line the parent parses.
enum BenchRun {
    static let seed: UInt64 = 2026
    static let articlesPerDay = 1_500
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

    /// Articles per round: the story worker's round of a backlog (`StoryWorker.Settings.batchSize`).
    static let defaultRoundSize = 200

    /// `progress`: every that many articles, prints to standard error the CPU milliseconds per article
    /// of the block just processed, the live stories and the resident memory, so one long run shows
    /// whether the cost per article grows with the articles seen.
    static func run(size: Int, roundSize: Int, threads: Int, progress: Int? = nil) {
        var news = SyntheticNews(seed: seed, articlesPerDay: articlesPerDay, start: start)
        let pipeline = BenchPipeline(threads: threads)
        var events: [Int32] = []
        var stories: [String] = []
        events.reserveCapacity(size)
        stories.reserveCapacity(size)
        var processing = Duration.zero
        var processor: Double = 0
        let clock = ContinuousClock()
        var round: [ClusterArticle] = []
        var block = (articles: 0, cpu: 0.0)
        func process() {
            let began = clock.now, beganCPU = processorSeconds()
            stories += pipeline.process(round)
            processing += clock.now - began
            processor += processorSeconds() - beganCPU
            if let progress, events.count - block.articles >= progress {
                let perArticle = (processor - block.cpu) * 1000 / Double(events.count - block.articles)
                FileHandle.standardError.write(Data(String(
                    format: "PROGRESS articles=%d cpuMsPerArticle=%.2f cpuSeconds=%.1f live=%d residentMB=%.1f\n",
                    events.count, perArticle, processor, pipeline.liveStories,
                    Double(PeakMemory.residentKibibytes() ?? -1) / 1024).utf8))
                block = (events.count, processor)
            }
            round.removeAll(keepingCapacity: true)
        }
        for _ in 0..<size {
            guard let item = news.next() else { break }
            round.append(item.article)
            events.append(Int32(item.eventID))
            if round.count == roundSize { process() }
        }
        process()
        let seconds = Double(processing.components.seconds) + Double(processing.components.attoseconds) / 1e18
        let quality = SyntheticQuality(events: events, stories: stories, absorbedInto: pipeline.absorbedInto)
        print("RESULT size=\(events.count) seconds=\(seconds) cpuSeconds=\(processor) peakKiB=\(PeakMemory.kibibytes() ?? -1) "
              + "live=\(pipeline.liveStories) precision=\(quality.precision) recall=\(quality.recall)")
    }

    /// CPU time (user + system) of this process so far: on a machine shared with other work, wall time
    /// measures the others too.
    static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// B-cubed of the clusterer against the generator's events (merges followed): a sanity check that
/// speed was not bought with nonsense, on a stream far more crowded with look-alike events than real news.
struct SyntheticQuality {
    let precision: Double
    let recall: Double

    init(events: [Int32], stories: [String], absorbedInto: [String: String]) {
        let resolved = stories.map { id in
            var current = id
            while let next = absorbedInto[current] { current = next }
            return current
        }
        var overlap: [String: [Int32: Int]] = [:]
        var storySizes: [String: Int] = [:]
        var eventSizes: [Int32: Int] = [:]
        for (event, story) in zip(events, resolved) {
            overlap[story, default: [:]][event, default: 0] += 1
            storySizes[story, default: 0] += 1
            eventSizes[event, default: 0] += 1
        }
        var precisionSum = 0.0, recallSum = 0.0
        for (event, story) in zip(events, resolved) {
            let shared = Double(overlap[story]![event]!)
            precisionSum += shared / Double(storySizes[story]!)
            recallSum += shared / Double(eventSizes[event]!)
        }
        precision = precisionSum / Double(max(events.count, 1))
        recall = recallSum / Double(max(events.count, 1))
    }
}
