import EvalData
import Foundation
import TopicClassification

// Builds the word-cluster table the subject model uses (`TermClusters`), from the text of every
// training-part item: labeled, AG World and untagged AllSides alike (no labels are read).
// Never the held-out part (row % 5 == 4; AllSides: story id % 5 == 4).
//
//   swift run --package-path Tools -c release TermClusterBuilder [--data DIR] [--output FILE]
//
// Recipe: words seen at least `minimumCount` times (headline and whole body, content words, no
// bare numbers) → word × document matrix (`WordDocumentMatrix`) → `TruncatedSVD` to `dimensions`
// → `SphericalKMeans` into `clusterCount` clusters. Words used in the same texts land together,
// so the model can read "Nvidia" like "chipmaker". Deterministic: same data, same bytes.
// Rebuilding it changes what the cluster numbers mean: retrain `TopicTrainer` afterwards.

let minimumCount = 3, dimensions = 150, clusterCount = 1_000, iterations = 25

let arguments = ToolArguments.parse(usage: "usage: TermClusterBuilder [--data DIR] [--output FILE]",
                                    options: ["--data": .text, "--output": .text])
let dataDirectory = try DataDirectory.resolve(arguments)
let outputPath = arguments.value(of: "--output") ?? "Sources/TopicClassification/Resources/term-clusters.tsv"
let started = Date()
func elapsed() -> String { String(format: "%.1f s", Date().timeIntervalSince(started)) }

let items = try (TopicCorpora.load(from: dataDirectory) + AllSidesTopics.untaggedItems(dataDirectory: dataDirectory))
    .filter { !$0.isHeldOut }
let documents = items.map { SubjectFeatures.words($0.headline) + SubjectFeatures.words($0.body) }
var frequency: [String: Int] = [:]
for document in documents { for word in document { frequency[word, default: 0] += 1 } }
let vocabulary = frequency.filter { $0.value >= minimumCount }.keys.sorted()
let matrix = WordDocumentMatrix(documents: documents, vocabulary: vocabulary)
print("\(documents.count) training-part texts, \(vocabulary.count) words, \(matrix.nonZeroCount) entries (\(elapsed()))")

let coordinates = TruncatedSVD(rank: dimensions).scaledLeftVectors(of: matrix)
print("truncated SVD to \(dimensions) dimensions (\(elapsed()))")
let assignment = SphericalKMeans(clusterCount: clusterCount, iterations: iterations).assignments(of: coordinates)
print("spherical k-means into \(clusterCount) clusters, \(iterations) iterations (\(elapsed()))")

let table = Dictionary(uniqueKeysWithValues: zip(vocabulary, assignment))
let comment = [
    "Word clusters of TopicClassification (TermClusters): word, tab, cluster number.",
    "Written by `swift run --package-path Tools -c release TermClusterBuilder`; do not edit by hand; retrain TopicTrainer after rebuilding (docs/jarvis/story-engine.md, Topics).",
    "Built from \(documents.count) training-part texts (labels unused): words seen \(minimumCount)+ times, word x document matrix, "
        + "truncated SVD to \(dimensions), spherical k-means into \(clusterCount) clusters (\(iterations) iterations, fixed seeds).",
]
try TermClusters.encoded(table, comment: comment).write(toFile: outputPath, atomically: true, encoding: .utf8)
print("wrote \(table.count) words to \(outputPath)")
