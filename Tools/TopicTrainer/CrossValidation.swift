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

    var meanMacroF1: Double { macroF1ByFold.reduce(0, +) / Double(macroF1ByFold.count) }

    var summary: String {
        func folds(_ values: [Double]) -> String { values.map { String(format: "%.4f", $0) }.joined(separator: " ") }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
        return String(format: "validation macro-F1 mean %.4f (folds %@), accuracy mean %.4f; without AllSides items %.4f (folds %@)",
                      meanMacroF1, folds(macroF1ByFold), mean(accuracyByFold),
                      mean(originalSetsMacroF1ByFold), folds(originalSetsMacroF1ByFold))
    }

    /// `training` must not contain held-out items; the caller filters them out.
    static func run(_ training: [TopicCorpusItem], settings: TrainingSettings, clusters: TermClusters,
                    vectors: EncoderVectors) -> CrossValidation {
        precondition(!training.contains(where: \.isHeldOut), "held-out items never take part in validation")
        var macroF1: [Double] = []
        var accuracy: [Double] = []
        var original: [Double] = []
        for fold in folds {
            let fitting = training.filter { $0.row % 5 != fold }
            let validation = training.filter { $0.row % 5 == fold && $0.subject != nil && !$0.isSilver }
            let trained = SubjectModelTraining.train(fitting, settings: settings, clusters: clusters, vectors: vectors)
            let classifier = trained.classifier(clusters: settings.wordClusters ? clusters : .none, encoder: vectors)
            let matrix = SubjectModelTraining.evaluate(classifier, on: validation)
            macroF1.append(matrix.macroF1)
            accuracy.append(matrix.accuracy)
            original.append(SubjectModelTraining.evaluate(classifier, on: validation.filter { ![.allSides, .deskSupplement].contains($0.dataset) }).macroF1)
        }
        return CrossValidation(macroF1ByFold: macroF1, accuracyByFold: accuracy, originalSetsMacroF1ByFold: original)
    }
}
