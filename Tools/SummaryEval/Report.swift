import EvalData
import Foundation
import StoryComposition

/// Runs both summarisers over a split and prints the comparison table.
enum Report {
    /// Our length budget; LexRank gets the same characters and sentence count.
    static let budget = StorySummary.maximumLength
    static let maximumSentences = 3

    struct Totals {
        var rouge1 = 0.0
        var rouge2 = 0.0
        var rougeL = 0.0
        var characters = 0
        var count = 0
        /// Per-story scores, kept for the paired bootstrap.
        var perStory: [Rouge.Scores] = []

        mutating func add(_ summary: String, reference: String) {
            let scores = Rouge.scores(candidate: summary, reference: reference)
            rouge1 += scores.rouge1
            rouge2 += scores.rouge2
            rougeL += scores.rougeL
            characters += summary.count
            count += 1
            perStory.append(scores)
        }

        var mean: (rouge1: Double, rouge2: Double, rougeL: Double) {
            let total = Double(max(count, 1))
            return (rouge1 / total, rouge2 / total, rougeL / total)
        }

        var meanF1: Double { (mean.rouge1 + mean.rouge2 + mean.rougeL) / 3 }
    }

    static func ours(_ summaryCase: SummaryCase, weights: StorySummary.Weights = StorySummary.Weights()) -> String {
        let headline = CanonicalHeadline.choose(from: summaryCase.articles, authority: .bundled)
        return StorySummary.summarize(summaryCase.articles, headline: headline, weights: weights)
    }

    static func print(_ cases: [SummaryCase], split: EvalSplit, lexRank: LexRank) {
        var ours = Totals()
        var baseline = Totals()
        for summaryCase in cases {
            ours.add(Self.ours(summaryCase), reference: summaryCase.reference)
            baseline.add(lexRank.summarize(bodies: summaryCase.articles.map(\.body), budget: budget,
                                           maximumSentences: maximumSentences),
                         reference: summaryCase.reference)
        }
        Swift.print("SummaryEval: AllSides roundup[0] references, split \(split.rawValue), \(cases.count) stories")
        Swift.print("budget: \(budget) characters, at most \(maximumSentences) sentences (both systems)")
        Swift.print("system     ROUGE-1 F1  ROUGE-2 F1  ROUGE-L F1  mean chars")
        row("ours", ours)
        row("LexRank", baseline)
        let (mine, theirs) = (ours.mean, baseline.mean)
        let wins = mine.rouge1 >= theirs.rouge1 && mine.rouge2 >= theirs.rouge2 && mine.rougeL >= theirs.rougeL
        Swift.print("ours >= LexRank on ROUGE-1, ROUGE-2 and ROUGE-L: \(wins ? "yes" : "no")")
        let shares = [\Rouge.Scores.rouge1, \Rouge.Scores.rouge2, \Rouge.Scores.rougeL].map { metric in
            format(PairedBootstrap.shareWhereFirstIsAtLeastSecond(ours.perStory.map { $0[keyPath: metric] },
                                                                  baseline.perStory.map { $0[keyPath: metric] }))
        }
        Swift.print("paired bootstrap, \(PairedBootstrap.resamples) resamples: share with ours >= LexRank "
            + "ROUGE-1 \(shares[0]), ROUGE-2 \(shares[1]), ROUGE-L \(shares[2])")
    }

    private static func row(_ name: String, _ totals: Totals) {
        let mean = totals.mean
        let padded = name.padding(toLength: 10, withPad: " ", startingAt: 0)
        Swift.print("\(padded) \(format(mean.rouge1))      \(format(mean.rouge2))      \(format(mean.rougeL))      "
            + "\(totals.characters / max(totals.count, 1))")
    }

    static func format(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
