import EvalData
import Foundation
import StoryClustering

// Writes Sources/StoryClustering/Resources/term-statistics.tsv: the document frequencies a
// fresh clusterer starts from. Background corpus: every AG News and MasakhaNEWS English item
// (titles and descriptions as feeds carry them; labels unused), read through the clusterer's own
// term extraction so the counts match what it computes. Usage: TermStatisticsBuilder [--data DIR]

let dataDirectory = try DataDirectory.resolve(ToolArguments.parse(usage: "usage: TermStatisticsBuilder [--data DIR]",
                                                                   options: ["--data": .text]))
let items = try TopicCorpora.load(from: dataDirectory, including: [.agNews, .masakhaEnglish])
let clusterer = StoryClusterer()
let epoch = Date(timeIntervalSince1970: 0)
for (index, item) in items.enumerated() {
    clusterer.learnTermStatistics(from: ClusterArticle(id: "background-\(index)", sourceKey: "background",
                                                       headline: item.headline, body: item.body, publishedAt: epoch))
}
/// Terms in fewer documents carry no reliable statistic and would only grow the file.
let statistics = clusterer.termStatistics(minimumDocuments: 3)
let output = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/StoryClustering/Resources/term-statistics.tsv")
try statistics.encoded(comment: [
    "Document frequencies that seed StoryClusterer (StoryClustering.TermStatistics).",
    "Written by `swift run --package-path Tools -c release TermStatisticsBuilder`; do not edit by hand.",
    "Background: \(items.count) AG News and MasakhaNEWS English items; terms in at least 3 of them.",
]).write(to: output, atomically: true, encoding: .utf8)
print("wrote \(statistics.terms.count) terms from \(statistics.documentCount) documents to \(output.path)")
