import EvalData
import Foundation
import TopicClassification

// Trains the subject model on the training part of the labeled sets (see `TopicCorpora` for
// the fixed split and label mapping) and writes the weights the classifier ships with.
//
//   swift run -c release TopicTrainer [--data DIR] [--output FILE] [--validate]
//
// --validate never writes weights: it cross-validates a few settings on the training part
// (`CrossValidation`: folds of rows with index % 5 == 0, 1, 2, 3), which is how the defaults in
// `TrainingSettings` were chosen. The held-out test part (index % 5 == 4) is never read here.

let arguments = CommandLine.arguments
let dataDirectory = try DataDirectory.resolve(arguments: arguments)
let outputPath = DataDirectory.value(of: "--output", in: arguments) ?? "Sources/TopicClassification/Resources/topic-model.tsv"

// AG World items have no subject; they stay in so `--validate` can try them as politics.
let training = try TopicCorpora.load(from: dataDirectory).filter { !$0.isHeldOut }
let withoutAllSides = training.filter { $0.dataset != .allSides }

if arguments.contains("--validate") {
    let candidates: [(name: String, data: [TopicCorpusItem], settings: TrainingSettings)] = [
        ("all data", training, TrainingSettings()),
        ("no AllSides", withoutAllSides, TrainingSettings()),
        ("no AllSides, no silver other", withoutAllSides.filter { !$0.isSilver }, TrainingSettings()),
        ("all data, regression only", training, TrainingSettings(naiveBayesWeight: 0)),
    ]
    for candidate in candidates {
        let folds = CrossValidation.run(candidate.data, settings: candidate.settings)
        print(folds.summary + "  <- " + candidate.name + "; " + candidate.settings.description)
    }
} else {
    let settings = TrainingSettings()
    let labeled = training.filter { $0.subject != nil }
    let model = SubjectModelTraining.train(labeled, settings: settings)
    let counts = Dictionary(grouping: labeled, by: { $0.dataset.rawValue }).mapValues(\.count)
        .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        + "; of which silver other (AG World, keywords): \(labeled.filter(\.isSilver).count)"
    let comment = [
        "Subject model of TopicClassification: multinomial logistic regression + complement naive Bayes (weights summed) over SubjectFeatures vectors.",
        "Written by `swift run -c release TopicTrainer`; do not edit by hand (docs/jarvis/story-engine.md, Topics).",
        "Training items (train part of the fixed split): \(counts).",
        "Settings: \(settings).",
    ]
    try model.encoded(comment: comment).write(toFile: outputPath, atomically: true, encoding: .utf8)
    print("trained on \(labeled.count) items (\(counts)); wrote \(model.termCount) terms to \(outputPath)")
}
