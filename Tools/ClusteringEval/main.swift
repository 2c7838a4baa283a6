// ClusteringEval: B-cubed precision/recall/F1 of StoryClusterer on the held-out half of AllSides,
// next to the README's TF-IDF single-pass baseline computed in the same run, then two harder
// checks (outlets spread over 12 h; unrelated AG News items interleaved).
//
//   swift run --package-path Tools -c release ClusteringEval [--data DIR] [--split test|dev] [--tune]
//
// `--tune` searches parameters on the dev half only (never on test) and prints the best settings.
import EvalData
import Foundation
import StoryClustering

let arguments = ToolArguments.parse(usage: "usage: ClusteringEval [--split test|dev] [--tune] [--data DIR]",
                                    flags: ["--tune"], options: ["--split": .oneOf(["test", "dev"]), "--data": .text])
do {
    let directory = try DataDirectory.resolve(arguments)
    let allStories = try AllSides.loadStories(dataDirectory: directory)
    let background = try BackgroundNews(dataDirectory: directory)
    if arguments.has("--tune") {
        let dev = allStories.filter { EvalSplit.part(ofStoryID: $0.id) == .dev }
        Tuning.run(on: dev, distractors: background.distractors(for: .dev, count: Tuning.distractorCount), primer: background.primer)
        exit(0)
    }
    let split = arguments.value(of: "--split").flatMap(EvalSplit.init(rawValue:)) ?? .test
    let stories = allStories.filter { EvalSplit.part(ofStoryID: $0.id) == split }
    let configuration = ClusteringConfiguration()
    func clustered(_ stream: [LabelledArticle]) -> [String] {
        ClusterRun.labels(for: stream.map(\.article), configuration: configuration, primer: background.primer)
    }

    let stream = EvalStream.articles(of: stories)
    let gold = stream.map(\.goldStory)
    print("AllSides \(split == .test ? "held-out test" : "dev") split: \(stories.count) stories, \(stream.count) articles")
    print("No per-article times: story date + deterministic 0-179 min offset; fed in time order.")
    print("Word statistics primed with \(background.primer.count) AG News items (labels unused).")
    let started = Date()
    let predicted = clustered(stream)
    let elapsed = Date().timeIntervalSince(started)
    print("StoryClusterer         \(BCubed(predicted: predicted, gold: gold))  (\(Set(predicted).count) stories, \(format(elapsed)) s incl. priming)")
    print("TF-IDF baseline        \(BCubed(predicted: TFIDFBaseline.cluster(stream.map(\.article)), gold: gold))")
    let everything = EvalStream.articles(of: allStories)
    let baselineAll = BCubed(predicted: TFIDFBaseline.cluster(everything.map(\.article)), gold: everything.map(\.goldStory))
    print("TF-IDF baseline, all \(everything.count) articles: \(baselineAll)  (README reference: P 0.850 R 0.876 F1 0.863)")

    print("\nHarder checks (same split, same configuration):")
    let wide = EvalStream.articles(of: stories, spreadMinutes: EvalStream.wideSpreadMinutes)
    print("0-719 min offsets      \(BCubed(predicted: clustered(wide), gold: wide.map(\.goldStory)))")
    let crowded = DistractorCheck.stream(stories, distractors: background.distractors(for: split, count: Tuning.distractorCount))
    let crowdedScores = DistractorCheck.scores(predicted: clustered(crowded), stream: crowded)
    print("+\(crowded.count - stream.count) AG News distractors: all items \(crowdedScores.all); AllSides items \(crowdedScores.allSidesOnly)")
} catch {
    FileHandle.standardError.write(Data("ClusteringEval: \(error)\n".utf8))
    exit(1)
}
