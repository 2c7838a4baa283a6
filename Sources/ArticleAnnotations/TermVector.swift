import Foundation
import NewsText

/// A sentence or headline as a sparse TF-IDF vector, so "how much do these two texts say the
/// same thing" is one cosine. Used for centrality (headline, summary, consensus) and redundancy.
package struct TermVector: Sendable {
    /// Sorted by term, so a cosine is one merge and sums always run in the same order: results
    /// are bit-identical from run to run (a dictionary's order changes with every process).
    package let entries: [(term: String, weight: Double)]
    let norm: Double

    init(weights: [String: Double]) {
        entries = weights.map { (term: $0.key, weight: $0.value) }.sorted { $0.term < $1.term }
        norm = entries.reduce(0) { $0 + $1.weight * $1.weight }.squareRoot()
    }

    /// 0 when either text has no terms: an empty text agrees with nothing.
    package func cosine(_ other: TermVector) -> Double {
        guard norm > 0, other.norm > 0 else { return 0 }
        var dot = 0.0
        var (left, right) = (0, 0)
        while left < entries.count, right < other.entries.count {
            let (mine, theirs) = (entries[left], other.entries[right])
            if mine.term == theirs.term {
                dot += mine.weight * theirs.weight
                left += 1
                right += 1
            } else if mine.term < theirs.term {
                left += 1
            } else {
                right += 1
            }
        }
        return dot / (norm * other.norm)
    }

    /// The terms two texts are compared on: content words, with a plural "s" folded so
    /// "protester" and "protesters" meet.
    static func terms(_ tokens: [Tokenizer.Token]) -> [String] {
        Tokenizer.contentWords(tokens).map(stem)
    }

    /// The same of a text not yet split.
    static func terms(_ text: String) -> [String] { terms(Tokenizer.tokens(text)) }

    static func stem(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") else { return word }
        return String(word.dropLast())
    }
}

/// Inverse document frequencies over a small collection (a story's sentences or headlines):
/// a term every text shares ("said") weighs less than one that distinguishes a claim.
package struct TermWeighting: Sendable {
    private let documentFrequency: [String: Int]
    private let documentCount: Int

    package init(documents: [[String]]) {
        var frequency: [String: Int] = [:]
        for document in documents {
            for term in Set(document) { frequency[term, default: 0] += 1 }
        }
        documentFrequency = frequency
        documentCount = documents.count
    }

    /// Smoothed so a term found in every document still counts a little.
    func inverseFrequency(_ term: String) -> Double {
        log(Double(documentCount + 1) / Double((documentFrequency[term] ?? 0) + 1)) + 1
    }

    package func vector(_ terms: [String]) -> TermVector {
        var counts: [String: Double] = [:]
        for term in terms { counts[term, default: 0] += 1 }
        var weights: [String: Double] = [:]
        for (term, count) in counts { weights[term] = count * inverseFrequency(term) }
        return TermVector(weights: weights)
    }
}
