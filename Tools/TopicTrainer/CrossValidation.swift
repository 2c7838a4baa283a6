import EvalData
import Foundation
import TopicClassification

/// Compares training settings on the training part of the fixed split only. The training part
/// is rows with index % 5 in 0...3; each of those four residues is in turn the validation fold
/// and the other three train. Silver labels train but are never scored. Four folds rather than one because a single fold of ~1,600 items
/// moves by ±0.01 macro-F1 between settings that are really equal. The word clusters are built
/// once from the whole training part (text only, no labels), so every fold sees the same table.
struct CrossValidation {
    static let folds = 0...3

    let macroF1ByFold: [Double]
    let accuracyByFold: [Double]
    /// Macro-F1 on the validation items of BBC, AG and MasakhaNEWS only, comparable between runs
    /// with and without AllSides or the desk supplement in the data.
    let originalSetsMacroF1ByFold: [Double]
    /// Every validation item's gold and predicted subject, over the four folds.
    let pooled: ConfusionMatrix
    /// The validation items whose predicted subject is not their gold one, with what was predicted.
    let misses: [(item: TopicCorpusItem, predicted: String)]

    var meanMacroF1: Double { macroF1ByFold.reduce(0, +) / Double(macroF1ByFold.count) }

    var summary: String {
        func folds(_ values: [Double]) -> String { values.map { String(format: "%.4f", $0) }.joined(separator: " ") }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
        let politics = pooled.scores(for: Subject.politics.rawValue)
        return String(format: "validation macro-F1 mean %.4f (folds %@), accuracy mean %.4f; without AllSides items %.4f (folds %@); politics P / R %.3f / %.3f",
                      meanMacroF1, folds(macroF1ByFold), mean(accuracyByFold),
                      mean(originalSetsMacroF1ByFold), folds(originalSetsMacroF1ByFold), politics.precision, politics.recall)
    }

    /// The pooled confusion table, then the misses grouped by gold → predicted subject (largest group
    /// first), each group counted by data set and listed one item a line: data set, key, headline and lead.
    var missReport: String {
        var lines = ["== Validation items, four folds pooled (gold rows, predicted columns)", pooled.table()]
        let groups = Dictionary(grouping: misses) { "\($0.item.subject!) -> \($0.predicted)" }
            .sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        for (pair, items) in groups {
            let byDataset = Dictionary(grouping: items, by: \.item.dataset.rawValue).mapValues(\.count)
                .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append("== \(pair): \(items.count) (\(byDataset))")
            for (item, _) in items {
                let lead = item.body.split(whereSeparator: \.isWhitespace).prefix(25).joined(separator: " ")
                lines.append("\(item.key)\t\(item.headline)\t\(lead)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How a fitted model is read: the mean of its first `members` encoder networks (a seed ensemble's first members
    /// are the smaller ensemble's), their scores times `mix`.
    struct Reading {
        let members: Int
        let mix: Double
    }

    /// One result per reading, from one fitted model per fold: the mix only scales the encoder scorer's scores and
    /// a smaller ensemble is the larger one's first members, so settings that differ in them alone need not be
    /// fitted again. `training` must not contain
    /// held-out items; the caller filters them out. `wordModels` keeps each fold's word model by
    /// `TrainingSettings.wordModelKey`, for the next settings that differ in the encoder scorer alone.
    static func run(_ training: [TopicCorpusItem], settings: TrainingSettings, readings: [Reading], clusters: TermClusters,
                    vectors: EncoderVectors, wordModels: inout [String: SubjectModel]) -> [CrossValidation] {
        precondition(!training.contains(where: \.isHeldOut), "held-out items never take part in validation")
        var tallies = Array(repeating: Tally(), count: readings.count)
        for fold in folds {
            let fitting = training.filter { $0.row % 5 != fold }
            let validation = training.filter { $0.row % 5 == fold && $0.subject != nil }
            let key = "fold \(fold): " + settings.wordModelKey
            let trained = SubjectModelTraining.train(fitting, settings: settings, clusters: clusters, vectors: vectors,
                                                     wordModel: wordModels[key])
            wordModels[key] = trained.model
            for (index, reading) in readings.enumerated() {
                let remixed = SubjectModelTraining.Trained(model: trained.model,
                                                           members: trained.members.prefix(reading.members).map { $0.mixed(reading.mix) })
                tallies[index].record(remixed.classifier(clusters: settings.wordClusters ? clusters : .none, encoder: vectors),
                                      on: validation)
            }
        }
        return tallies.map(\.result)
    }

    /// The four folds' figures of one setting, gathered fold by fold.
    private struct Tally {
        var macroF1: [Double] = []
        var accuracy: [Double] = []
        var original: [Double] = []
        var pooled = ConfusionMatrix(labels: Subject.allCases.map(\.rawValue))
        var misses: [(item: TopicCorpusItem, predicted: String)] = []

        mutating func record(_ classifier: TopicClassifier, on validation: [TopicCorpusItem]) {
            let matrix = SubjectModelTraining.evaluate(classifier, on: validation)
            macroF1.append(matrix.macroF1)
            accuracy.append(matrix.accuracy)
            original.append(SubjectModelTraining.evaluate(classifier, on: validation.filter { ![.allSides, .deskSupplement].contains($0.dataset) }).macroF1)
            for item in validation {
                let predicted = classifier.subject([(item.headline, item.body)]).rawValue
                pooled.record(gold: item.subject!, predicted: predicted)
                if predicted != item.subject { misses.append((item, predicted)) }
            }
        }

        var result: CrossValidation {
            CrossValidation(macroF1ByFold: macroF1, accuracyByFold: accuracy, originalSetsMacroF1ByFold: original,
                            pooled: pooled, misses: misses)
        }
    }
}
