import Foundation
import NewsText
import StoryComposition
import TopicClassification

/// libFuzzer's entry point: feed text is untrusted, and one article whose text traps stops the
/// whole server. The input is split at NUL bytes into up to six reports ("headline\nbody"),
/// from alternating outlets a few minutes apart, classified and composed as one story;
/// composition's promises are checked on the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    CompositionFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum CompositionFuzzing {
    static let composer = StoryComposer(authority: SourceAuthority.bundled)
    static let classifier = try! TopicClassifier.bundled()  // the shipped weights; a failure to load is a build defect
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let outlets = [("Reuters", "reuters.com"), ("BBC News", "bbc.co.uk"), ("Nairobi Wire", "nairobiwire.example")]

    static func run(_ input: UnsafeRawBufferPointer) {
        let reports = input.split(separator: 0, omittingEmptySubsequences: false).prefix(6).enumerated().map { index, bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let outlet = outlets[index % outlets.count]
            return StoryArticle(id: "a\(index)", sourceName: outlet.0, sourceKey: outlet.1, headline: String(parts.first ?? ""),
                                body: parts.count > 1 ? String(parts[1]) : "", publishedAt: now.addingTimeInterval(Double(index) * -300),
                                url: "https://\(outlet.1)/\(index)", feedMarkedBreaking: index == 0)
        }
        guard !reports.isEmpty else { return }
        let texts = reports.map { (headline: $0.headline, body: $0.body) }
        // The word model and the sentence encoder both read the text; a NaN from either would reach every desk.
        let probabilities = classifier.subjectProbabilities(texts)
        precondition(probabilities.allSatisfy(\.isFinite) && abs(probabilities.reduce(0, +) - 1) < 1e-6,
                     "subject probabilities form a distribution")
        _ = classifier.classify(texts)
        let story = composer.compose(reports, topic: .politics, now: now)
        precondition(!story.summary.isEmpty, "the summary is never empty")
        let score = story.scoreBreakdown
        for component in [score.sourceAuthority, score.freshness, score.localRelevance, score.crossSourceConfirmation, score.topicImportance] {
            precondition((0 ... ScoreBreakdown.componentMaximum).contains(component), "a score component out of 0...20")
        }
        precondition(story.breakingArticleIDs.isSubset(of: Set(reports.map(\.id))), "breaking names an article of the story")
    }
}

#if !FUZZING
import FuzzSupport

@main
struct Replay {
    static func main() { CorpusReplay.main(name: "FuzzStoryComposition", CompositionFuzzing.run) }
}
#endif
