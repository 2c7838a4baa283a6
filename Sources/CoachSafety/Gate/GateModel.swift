import Foundation

/// The gate's trained classifier (`Resources/gate-model.tsv`, written by `eval/coach-gate-model/export.py`;
/// `docs/healthlog/coach-gate.md`, "The trained classifier"): TF-IDF over character 2–5-grams and word
/// 1–2-grams of the folded message (`GateModelText`), each vectoriser's part L2-normalised, sublinear term
/// frequency, and a linear SVM whose decision value is above zero for a message to refuse. It reads a message
/// clause by clause (`GateModelClauses`): the message's score is the largest of its units', so a restricted
/// clause inside a long harmless message is not diluted. A second linear model over the same features (the
/// rule chooser) names the rule a refusal falls under, from the whole message. Loading it and scoring a
/// message are measured in `GateModelTests`.
struct GateModel: Sendable {
    /// A refusal rule the chooser can name, in the file's column order.
    enum Rule: Int, Sendable { case rule9, rule15, injection, outOfScope }

    struct Feature: Sendable {
        let idf: Double
        let weight: Double
        /// The chooser's weight per `Rule`.
        let ruleWeights: RuleValues
    }

    /// One number per `Rule`, in its order.
    struct RuleValues: Sendable {
        var values: (Double, Double, Double, Double)

        mutating func add(_ other: RuleValues, times factor: Double) {
            values.0 += factor * other.values.0
            values.1 += factor * other.values.1
            values.2 += factor * other.values.2
            values.3 += factor * other.values.3
        }

        var largest: Rule {
            let all = [values.0, values.1, values.2, values.3]
            return Rule(rawValue: all.indices.max { all[$0] < all[$1] }!)!
        }
    }

    /// What the model read in a message.
    struct Reading: Sendable {
        /// The largest decision value over the message's units: the further above zero, the surer some part of
        /// the message asks what the Coach refuses.
        let score: Double
        /// The rule the chooser picks were the message refused.
        let rule: Rule
    }

    let characterFeatures: [String: Feature]
    let wordFeatures: [String: Feature]
    let intercept: Double
    let ruleIntercepts: RuleValues
    let clauses: GateModelClauses
    /// Refuse a message the rules allow when its score is above this.
    private(set) var refuseAbove: Double

    /// The same model refusing nothing, so the rules decide alone (the verdicts `eval/coach-gate-model/loao.py`
    /// combines the model with).
    var silenced: GateModel {
        var silenced = self
        silenced.refuseAbove = .infinity
        return silenced
    }

    func read(_ message: String) -> Reading {
        let units = clauses.units(message)
        let whole = values(of: units[units.count - 1])
        let score = units.dropLast().reduce(whole.score) { max($0, values(of: $1).score) }
        return Reading(score: score, rule: whole.rules.largest)
    }

    /// The decision value and the chooser's values of one text.
    private func values(of text: String) -> (score: Double, rules: RuleValues) {
        let folded = GateModelText.fold(text)
        var score = intercept, rules = ruleIntercepts
        for (grams, features) in [(GateModelText.characterGrams(folded), characterFeatures), (GateModelText.wordGrams(folded), wordFeatures)] {
            let part = Self.normalisedTFIDF(grams, features)
            for (feature, value) in part {
                score += value * feature.weight
                rules.add(feature.ruleWeights, times: value)
            }
        }
        return (score, rules)
    }

    /// The vectoriser's row: the n-grams it knows, (1 + ln count) × idf, L2-normalised.
    private static func normalisedTFIDF(_ grams: [String], _ features: [String: Feature]) -> [(Feature, Double)] {
        var counts: [String: (feature: Feature, count: Int)] = [:]
        for gram in grams {
            if let known = counts[gram] { counts[gram] = (known.feature, known.count + 1) } else if let feature = features[gram] { counts[gram] = (feature, 1) }
        }
        let row = counts.values.map { known in (known.feature, (1 + log(Double(known.count))) * known.feature.idf) }
        let norm = row.reduce(0) { $0 + $1.1 * $1.1 }.squareRoot()
        return norm == 0 ? [] : row.map { ($0.0, $0.1 / norm) }
    }
}
