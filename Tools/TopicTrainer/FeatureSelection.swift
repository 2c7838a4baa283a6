import TopicClassification

/// Keeps the terms that say most about the subject: terms seen in at least `minimumDocuments`
/// training texts, ranked by their best chi-squared association with one class (presence vs
/// absence), the top `limit` kept. Fewer terms make a smaller weights file and less
/// overfitting to names that happen to occur in one data set.
struct FeatureSelection {
    let minimumDocuments: Int
    let limit: Int

    /// The kept terms, best first, each with the number of training texts it is in (its
    /// document frequency, which the idf weighting needs too).
    func select(_ documents: [[String: Double]], labels: [Int], classCount: Int) -> [(term: String, documents: Int)] {
        var presence: [String: [Int]] = [:]
        for (document, label) in zip(documents, labels) {
            for term in document.keys { presence[term, default: Array(repeating: 0, count: classCount)][label] += 1 }
        }
        var classTotals = Array(repeating: 0, count: classCount)
        for label in labels { classTotals[label] += 1 }
        let total = Double(documents.count)
        let ranked: [(term: String, documents: Int, score: Double)] = presence.compactMap { term, perClass in
            let withTerm = perClass.reduce(0, +)
            guard withTerm >= minimumDocuments else { return nil }
            let best = (0..<classCount).map { label in
                chiSquared(inClassWithTerm: Double(perClass[label]), withTerm: Double(withTerm),
                           inClass: Double(classTotals[label]), total: total)
            }.max() ?? 0
            return (term, withTerm, best)
        }
        return ranked.sorted { $0.score != $1.score ? $0.score > $1.score : $0.term < $1.term }
            .prefix(limit).map { ($0.term, $0.documents) }
    }

    private func chiSquared(inClassWithTerm a: Double, withTerm: Double, inClass: Double, total n: Double) -> Double {
        let b = withTerm - a
        let c = inClass - a
        let d = n - a - b - c
        let denominator = (a + c) * (b + d) * (a + b) * (c + d)
        guard denominator > 0 else { return 0 }
        return n * (a * d - b * c) * (a * d - b * c) / denominator
    }
}
