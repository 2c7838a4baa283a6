import EvalData
import Foundation
import SentenceEncoding
import TopicClassification

// Trains the subject model on the training part of the labeled sets (see `TopicCorpora` for
// the fixed split and label mapping) and writes the weights the classifier ships with.
//
//   swift run --package-path Tools -c release TopicTrainer [--data DIR] [--clusters FILE] [--output FILE] [--scorer-output FILE]
//                                     [--supplement-repeats N] [--encoder-members N] [--vectors FILE] [--validate [--first N] [--misses]]
//
// The word-cluster table (`--clusters`, default the shipped resource) must be built first by
// `swift run --package-path Tools -c release TermClusterBuilder`; the model's cluster terms refer to its numbers.
// --vectors FILE keeps the encoder's vectors of the training texts between runs (`EncoderVectors`): read when the
// file holds them all and the encoder still gives the same vectors, written otherwise. --encoder-members N trains the
// encoder scorer as the mean of N networks of seeds 26, 27… (`EncoderScorer.averaging`; one file, one network's format).
// Two files are written: the word model (`--output`) and the scorer of the sentence encoder's
// vectors trained beside it (`--scorer-output`); the classifier adds their scores.
// --validate never writes weights: it cross-validates a few settings on the training part
// (`CrossValidation`: folds of rows with index % 5 == 0, 1, 2, 3), which is how the defaults in
// `TrainingSettings` were chosen; --first N compares only the first N settings, --misses lists the
// validation items the first setting gets wrong, by gold and predicted subject, with the pooled confusion
// table (how the development errors are read by class). The held-out test part (index % 5 == 4) is never read here.

let arguments = ToolArguments.parse(
    usage: "usage: TopicTrainer [--validate [--first N] [--misses]] [--data DIR] [--clusters FILE] [--output FILE] [--scorer-output FILE] [--supplement-repeats N] [--encoder-members N] [--vectors FILE]",
    flags: ["--validate", "--misses"], options: ["--data": .text, "--clusters": .text, "--vectors": .text, "--output": .text, "--scorer-output": .text,
                                                 "--supplement-repeats": .integer, "--encoder-members": .integer, "--first": .integer])
let dataDirectory = try DataDirectory.resolve(arguments)
let outputPath = arguments.value(of: "--output") ?? "Sources/TopicClassification/Resources/topic-model.tsv"
let scorerPath = arguments.value(of: "--scorer-output") ?? "Sources/TopicClassification/Resources/encoder-scorer.tsv"
let clustersPath = arguments.value(of: "--clusters")
    ?? "Sources/TopicClassification/Resources/term-clusters.tsv"
let clusters = try TermClusters.decode(String(contentsOfFile: clustersPath, encoding: .utf8))

// Every training-part item with a subject trains, AG World's with the subject its read gave it (`SubjectRelabels`).
// The desk supplement (`TopicCorpora.deskSupplement`) trains beside the labeled sets' training part.
guard let supplement = Bundle.module.url(forResource: "desk-supplement", withExtension: "tsv") else {
    throw CocoaError(.fileNoSuchFile)
}
let training = try TopicCorpora.load(from: dataDirectory).filter { !$0.isHeldOut } + TopicCorpora.deskSupplement(at: supplement)

let labeled = training.filter { $0.subject != nil }
// The sentence encoder's vectors of every training text, once (a minute or two; the word model takes seconds).
let vectors = EncoderVectors(labeled, encoder: try SentenceEncoder.bundled(), cache: arguments.value(of: "--vectors"))

if arguments.has("--validate") {
    let plainCounts = TrainingSettings(iterations: 150, inverseDocumentFrequency: false, wordClusters: false, classGrain: .subjects,
                                       encoderMix: 0)
    // The settings that read the encoder's vectors come first: after a change to the encoder they are the ones
    // to compare again, and the word-only ones below them give the same figures as before.
    let candidates: [(name: String, settings: TrainingSettings)] = [
        ("tf-idf + word clusters, 300 steps, kinds of other + encoder scorer, the mean of 5 networks of 128 hidden units", TrainingSettings(encoderMembers: 5)),
        ("tf-idf + word clusters, 300 steps, kinds of other + encoder scorer with 128 hidden units (defaults)", TrainingSettings()),
        ("the same, a linear encoder scorer at mix 1.0 (sixteenth model)", TrainingSettings(encoderMix: 1.0, encoderUnits: 0)),
        ("the same, encoder scorer with 128 hidden units, its L2 1e-3", TrainingSettings(encoderL2: 1e-3)),
        ("the same, a linear encoder scorer, its L2 1e-3", TrainingSettings(encoderL2: 1e-3, encoderUnits: 0)),
        ("the same, politics emphasis 1.2", TrainingSettings(politicsEmphasis: 1.2)),
        ("the same, a linear encoder scorer at mix 1.0, 600 steps", TrainingSettings(encoderMix: 1.0, encoderIterations: 600, encoderUnits: 0)),
        ("the same, politics emphasis 1.5", TrainingSettings(politicsEmphasis: 1.5)),
        ("the same, a linear encoder scorer, 600 steps", TrainingSettings(encoderIterations: 600, encoderUnits: 0)),
        ("tf-idf + word clusters, 300 steps, kinds of other, no encoder (sixth model)", TrainingSettings(encoderMix: 0)),
        ("log counts (fourth model)", plainCounts),
        ("tf-idf", TrainingSettings(iterations: 150, wordClusters: false, classGrain: .subjects, encoderMix: 0)),
        ("tf-idf + word clusters, 300 steps (fifth model)", TrainingSettings(classGrain: .subjects, encoderMix: 0)),
    ]
    // Other encoder mixes of each setting with an encoder scorer, and the smaller ensembles of its first members, read
    // off its fitted folds: the mix only scales the scorer's scores.
    let readMixes = [0.5, 0.7, 1.0, 1.5, 0.35]
    let first = arguments.value(of: "--first").flatMap(Int.init) ?? candidates.count
    var wordModels: [String: SubjectModel] = [:]
    for (index, candidate) in candidates.prefix(first).enumerated() {
        let (own, members) = (candidate.settings.encoderMix, candidate.settings.encoderMembers)
        let mixes = [own] + (own > 0 ? readMixes.filter { $0 != own } : [])
        let readings = (1...members).reversed().flatMap { count in mixes.map { CrossValidation.Reading(members: count, mix: $0) } }
        let results = CrossValidation.run(training, settings: candidate.settings, readings: readings, clusters: clusters,
                                          vectors: vectors, wordModels: &wordModels)
        print(results[0].summary + "  <- " + candidate.name + "; " + candidate.settings.description)
        if index == 0 && arguments.has("--misses") { print(results[0].missReport) }
        for (reading, result) in zip(readings, results).dropFirst() {
            let ensemble = reading.members == members ? "" : "the mean of its first \(reading.members) networks, "
            print(result.summary + "  <- the same, " + ensemble + "encoder scorer mix \(reading.mix)")
        }
    }
} else {
    var settings = TrainingSettings()
    // Trying another weight for the desk supplement or another seed ensemble; the defaults are the shipped ones.
    if let repeats = arguments.value(of: "--supplement-repeats").flatMap(Int.init) { settings.supplementRepeats = repeats }
    if let members = arguments.value(of: "--encoder-members").flatMap(Int.init) { settings.encoderMembers = members }
    let trained = SubjectModelTraining.train(labeled, settings: settings, clusters: clusters, vectors: vectors)
    let model = trained.model
    let counts = Dictionary(grouping: labeled, by: { $0.dataset.rawValue }).mapValues(\.count)
        .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let comment = [
        "Subject model of TopicClassification: multinomial logistic regression + complement naive Bayes (weights summed) over tf-idf vectors of SubjectFeatures counts.",
        "Written by `swift run --package-path Tools -c release TopicTrainer`; do not edit by hand (docs/jarvis/story-engine.md, Topics).",
        "Lines: @classes; @bias (one per class); @unlisted-idf (idf of terms without a line); then term, idf, one weight per class.",
        "Classes, in order: \(SubjectModelTraining.classKinds(SubjectModelTraining.labeledItems(labeled, settings: settings)).map(\.key).joined(separator: ", ")) (a subject listed once per kind; the most probable class decides).",
        "Cluster terms (c:N) refer to term-clusters.tsv (\(clusters.wordCount) words): retrain whenever that table is rebuilt.",
        "Training items (train part of the fixed split): \(counts).",
        "Settings: \(settings).",
    ]
    try model.encoded(comment: comment).write(toFile: outputPath, atomically: true, encoding: .utf8)
    print("trained on \(labeled.count) items (\(counts)); wrote \(model.termCount) terms to \(outputPath)")
    guard let scorer = trained.scorer else { fatalError("the shipped settings mix in the encoder scorer") }
    let scorerComment = [
        "Encoder scorer of TopicClassification: multinomial logistic regression over SentenceEncoder vectors of headline + lead,",
        "trained with topic-model.tsv on the same items and classes; its scores times @mix are added to the word model's.",
        "Written by `swift run --package-path Tools -c release TopicTrainer`; do not edit by hand (docs/jarvis/story-engine.md, Topics).",
        "Lines: @classes; @mix; @max-tokens (where the encoder cut the texts it trained on); @bias (one per class); then encoder dimension, one weight per class.",
        "Settings: \(settings).",
    ]
    try scorer.encoded(comment: scorerComment).write(toFile: scorerPath, atomically: true, encoding: .utf8)
    print("wrote the encoder scorer to \(scorerPath)")
}
