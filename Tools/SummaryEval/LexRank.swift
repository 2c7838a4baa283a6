import Foundation
import NewsText

/// The baseline: LexRank (Erkan & Radev 2004), continuous variant, written for this evaluation.
///
/// Sentences come from the same splitter our summaries use (so both see the same clean
/// sentences). Each is a TF-IDF vector over `Tokenizer.contentWords`, with IDF computed over
/// every article of the data set (unsupervised, no labels). Edges join sentences whose cosine
/// is at least `edgeThreshold`, weighted by that cosine; rows are normalised and the stationary
/// distribution found by power iteration with damping `damping`. Sentences are taken in rank
/// order while they fit the same length budget and sentence cap as ours.
struct LexRank {
    static let edgeThreshold = 0.1
    static let damping = 0.85

    private let documentFrequency: [String: Int]
    private let documentCount: Int

    init(corpus: [String]) {
        var frequency: [String: Int] = [:]
        for document in corpus {
            for term in Set(Tokenizer.contentWords(document)) { frequency[term, default: 0] += 1 }
        }
        documentFrequency = frequency
        documentCount = corpus.count
    }

    func summarize(bodies: [String], budget: Int, maximumSentences: Int) -> String {
        let sentences = bodies.flatMap(Sentences.split)
        guard !sentences.isEmpty else { return "" }
        let vectors = sentences.map(vector)
        let ranks = stationaryDistribution(vectors)
        let order = ranks.indices.sorted { ranks[$0] != ranks[$1] ? ranks[$0] > ranks[$1] : $0 < $1 }
        var chosen: [String] = []
        var length = 0
        for index in order where chosen.count < maximumSentences {
            let added = sentences[index].count + (chosen.isEmpty ? 0 : 1)
            guard length + added <= budget else { continue }
            chosen.append(sentences[index])
            length += added
        }
        return chosen.joined(separator: " ")
    }

    /// Sorted by term, so sums run in one order and the ranking is identical on every run.
    private func vector(_ sentence: String) -> [(term: String, weight: Double)] {
        var counts: [String: Double] = [:]
        for term in Tokenizer.contentWords(sentence) { counts[term, default: 0] += 1 }
        return counts.map { term, count in
            (term, count * (log(Double(documentCount + 1) / Double((documentFrequency[term] ?? 0) + 1)) + 1))
        }.sorted { $0.term < $1.term }
    }

    private func cosine(_ first: [(term: String, weight: Double)], _ second: [(term: String, weight: Double)]) -> Double {
        var dot = 0.0
        var (left, right) = (0, 0)
        while left < first.count, right < second.count {
            if first[left].term == second[right].term {
                dot += first[left].weight * second[right].weight
                left += 1
                right += 1
            } else if first[left].term < second[right].term {
                left += 1
            } else {
                right += 1
            }
        }
        let norms = first.reduce(0) { $0 + $1.weight * $1.weight }.squareRoot()
            * second.reduce(0) { $0 + $1.weight * $1.weight }.squareRoot()
        return norms > 0 ? dot / norms : 0
    }

    private func stationaryDistribution(_ vectors: [[(term: String, weight: Double)]]) -> [Double] {
        let count = vectors.count
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
        for row in 0 ..< count {
            for column in 0 ..< count {
                let similarity = row == column ? 1 : cosine(vectors[row], vectors[column])
                matrix[row][column] = similarity >= Self.edgeThreshold ? similarity : 0
            }
            let total = matrix[row].reduce(0, +)
            if total > 0 { matrix[row] = matrix[row].map { $0 / total } }
        }
        var ranks = [Double](repeating: 1 / Double(count), count: count)
        for _ in 0 ..< 200 {
            var next = [Double](repeating: (1 - Self.damping) / Double(count), count: count)
            for row in 0 ..< count {
                for column in 0 ..< count where matrix[row][column] > 0 {
                    next[column] += Self.damping * ranks[row] * matrix[row][column]
                }
            }
            let change = zip(next, ranks).reduce(0) { $0 + abs($1.0 - $1.1) }
            ranks = next
            if change < 1e-9 { break }
        }
        return ranks
    }
}
