/// Counts of (gold, predicted) label pairs, and the per-class and macro scores derived from
/// them. Labels are strings so any classifier's classes fit.
public struct ConfusionMatrix: Sendable {
    public let labels: [String]
    private var counts: [String: [String: Int]] = [:]

    public init(labels: [String]) {
        self.labels = labels
    }

    public mutating func record(gold: String, predicted: String) {
        counts[gold, default: [:]][predicted, default: 0] += 1
    }

    public func count(gold: String, predicted: String) -> Int { counts[gold]?[predicted] ?? 0 }

    public var total: Int { counts.values.reduce(0) { $0 + $1.values.reduce(0, +) } }

    public var accuracy: Double {
        total == 0 ? 0 : Double(labels.reduce(0) { $0 + count(gold: $1, predicted: $1) }) / Double(total)
    }

    public struct ClassScores: Sendable {
        public let precision: Double
        public let recall: Double
        public let f1: Double
        public let support: Int
    }

    public func scores(for label: String) -> ClassScores {
        let truePositives = Double(count(gold: label, predicted: label))
        let predicted = Double(counts.values.reduce(0) { $0 + ($1[label] ?? 0) })
        let support = counts[label]?.values.reduce(0, +) ?? 0
        let precision = predicted == 0 ? 0 : truePositives / predicted
        let recall = support == 0 ? 0 : truePositives / Double(support)
        let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        return ClassScores(precision: precision, recall: recall, f1: f1, support: support)
    }

    /// The unweighted mean of the per-class F1 over the labels that occur as gold labels, so
    /// a subset without some class (AG News has no politics) is not scored zero for it.
    public var macroF1: Double {
        let present = labels.filter { scores(for: $0).support > 0 }
        return present.isEmpty ? 0 : present.map { scores(for: $0).f1 }.reduce(0, +) / Double(present.count)
    }

    /// A fixed-width table: one row per gold label, one column per predicted label.
    public func table() -> String {
        let width = max(10, (labels.map(\.count).max() ?? 0) + 2)
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = [cell("gold\\pred") + labels.map(cell).joined()]
        for gold in labels {
            lines.append(cell(gold) + labels.map { cell(String(count(gold: gold, predicted: $0))) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}
