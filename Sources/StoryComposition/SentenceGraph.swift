import ArticleAnnotations

/// Graph centrality of sentences (the idea behind LexRank): a sentence is central when it is
/// similar to many sentences that are themselves central. Used as one signal of the summary score.
enum SentenceGraph {
    /// Similarities below this are noise between unrelated sentences, not an edge.
    static let edgeThreshold = 0.1
    static let damping = 0.85

    /// Stationary distribution of a random walk over the similarity graph, scaled so the most
    /// central sentence scores 1. Deterministic: fixed iteration order and count.
    static func centrality(_ vectors: [TermVector]) -> [Double] {
        let count = vectors.count
        guard count > 1 else { return Array(repeating: 1, count: count) }
        var edges = [[(target: Int, weight: Double)]](repeating: [], count: count)
        for row in 0 ..< count {
            var total = 0.0
            for column in 0 ..< count {
                let similarity = row == column ? 1 : vectors[row].cosine(vectors[column])
                if similarity >= edgeThreshold {
                    edges[row].append((column, similarity))
                    total += similarity
                }
            }
            edges[row] = edges[row].map { ($0.target, $0.weight / total) }
        }
        var ranks = [Double](repeating: 1 / Double(count), count: count)
        for _ in 0 ..< 50 {
            var next = [Double](repeating: (1 - damping) / Double(count), count: count)
            for row in 0 ..< count {
                for edge in edges[row] { next[edge.target] += damping * ranks[row] * edge.weight }
            }
            ranks = next
        }
        let top = ranks.max() ?? 1
        return ranks.map { $0 / top }
    }
}
