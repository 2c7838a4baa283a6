// SummaryEval: ROUGE-1/2/L F1 of the story summaries against the AllSides reference roundups
// (first paragraph), next to a LexRank baseline computed in the same run, on the held-out split.
//
//   swift run --package-path Tools -c release SummaryEval                 # held-out (test) split, shipped weights
//   swift run --package-path Tools -c release SummaryEval --split dev     # the tuning split
//   swift run --package-path Tools -c release SummaryEval --tune          # grid search of the weights on dev only
//   --data DIR                                       # labelled data (default ../shared/data)
import EvalData
import Foundation
import StoryComposition

let arguments = ToolArguments.parse(usage: "usage: SummaryEval [--split test|dev] [--tune] [--data DIR]",
                                    flags: ["--tune"], options: ["--split": .oneOf(["test", "dev"]), "--data": .text])
do {
    let directory = try DataDirectory.resolve(arguments)
    let stories = try AllSides.loadStories(dataDirectory: directory)
    if arguments.has("--tune") {
        let best = WeightSearch.best(on: SummaryCorpus.cases(stories, split: .dev))
        print("best on dev: \(best.weights) -> mean ROUGE F1 \(Report.format(best.meanF1))")
    } else {
        let split = arguments.value(of: "--split").flatMap(EvalSplit.init(rawValue:)) ?? .test
        let lexRank = LexRank(corpus: stories.flatMap { $0.articles.map(\.body) })
        Report.print(SummaryCorpus.cases(stories, split: split), split: split, lexRank: lexRank)
    }
} catch {
    FileHandle.standardError.write(Data("SummaryEval: \(error)\n".utf8))
    exit(1)
}
