/// B-cubed precision, recall and F1 (Bagga & Baldwin 1998): per item, the share of its predicted
/// cluster that is truly its story (precision) and the share of its story that landed in its
/// cluster (recall), averaged over items. Unlike pairwise scores it does not let big stories dominate.
struct BCubed: CustomStringConvertible {
    let precision: Double
    let recall: Double
    var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }

    /// `predicted[i]` and `gold[i]` label item i.
    init(predicted: [String], gold: [String]) {
        precondition(predicted.count == gold.count && !gold.isEmpty)
        var pairCounts: [PairKey: Int] = [:]
        var predictedSizes: [String: Int] = [:]
        var goldSizes: [String: Int] = [:]
        for (p, g) in zip(predicted, gold) {
            pairCounts[PairKey(predicted: p, gold: g), default: 0] += 1
            predictedSizes[p, default: 0] += 1
            goldSizes[g, default: 0] += 1
        }
        var precisionSum = 0.0
        var recallSum = 0.0
        for (p, g) in zip(predicted, gold) {
            let overlap = Double(pairCounts[PairKey(predicted: p, gold: g)]!)
            precisionSum += overlap / Double(predictedSizes[p]!)
            recallSum += overlap / Double(goldSizes[g]!)
        }
        precision = precisionSum / Double(gold.count)
        recall = recallSum / Double(gold.count)
    }

    var description: String {
        "P \(format(precision))  R \(format(recall))  F1 \(format(f1))"
    }

    private struct PairKey: Hashable {
        let predicted: String
        let gold: String
    }
}

func format(_ value: Double) -> String {
    String(format: "%.3f", value)
}
