import Foundation

/// Which words occur in which texts: a sparse words × documents matrix, one row per word.
///
/// An entry is 1 when the word occurs in the document (how often does not matter: a word
/// repeated in one long article says no more about its company), times ln(documents / distinct
/// words of that document): a short text ties its few words together more tightly than a
/// 600-word article ties its hundreds. This is the weighting the research prototype measured.
struct WordDocumentMatrix {
    let rowCount: Int
    let columnCount: Int
    private var rowStarts: [Int]
    private var columnIndices: [Int32]
    private var entries: [Double]

    init(documents: [[String]], vocabulary: [String]) {
        let index = Dictionary(uniqueKeysWithValues: vocabulary.enumerated().map { ($1, $0) })
        let wordSets = documents.map { Set($0.compactMap { index[$0] }).sorted() }
        rowCount = vocabulary.count
        columnCount = documents.count
        var starts = Array(repeating: 0, count: rowCount + 1)
        for words in wordSets { for word in words { starts[word + 1] += 1 } }
        for row in 0..<rowCount { starts[row + 1] += starts[row] }
        var next = starts
        var columns = Array(repeating: Int32(0), count: starts[rowCount])
        var values = Array(repeating: 0.0, count: starts[rowCount])
        for (document, words) in wordSets.enumerated() {
            let weight = log(Double(documents.count) / Double(max(words.count, 1)))
            for word in words {
                columns[next[word]] = Int32(document)
                values[next[word]] = weight
                next[word] += 1
            }
        }
        rowStarts = starts
        columnIndices = columns
        entries = values
    }

    var nonZeroCount: Int { entries.count }

    /// self × dense, where dense has one row per document: one row per word.
    func times(_ dense: DenseMatrix) -> DenseMatrix { product(dense, transposed: false) }

    /// selfᵀ × dense, where dense has one row per word: one row per document.
    func transposeTimes(_ dense: DenseMatrix) -> DenseMatrix { product(dense, transposed: true) }

    /// One pass over the stored entries: each adds `value ×` a row of `dense` (the document's, or
    /// transposed the word's) to a row of the result (the word's, or the document's).
    private func product(_ dense: DenseMatrix, transposed: Bool) -> DenseMatrix {
        precondition(dense.rows == (transposed ? rowCount : columnCount), "one dense row per \(transposed ? "word" : "document")")
        var result = DenseMatrix(rows: transposed ? columnCount : rowCount, columns: dense.columns)
        let width = dense.columns
        result.values.withUnsafeMutableBufferPointer { out in
            dense.values.withUnsafeBufferPointer { input in
                for row in 0..<rowCount {
                    for entry in rowStarts[row]..<rowStarts[row + 1] {
                        let word = row * width, document = Int(columnIndices[entry]) * width, value = entries[entry]
                        let (target, source) = transposed ? (document, word) : (word, document)
                        for column in 0..<width { out[target + column] += value * input[source + column] }
                    }
                }
            }
        }
        return result
    }
}
