import Foundation
import NewsText
import StoryClustering

/// The README's reference point, rebuilt here so it is computed on the same split in the same run:
/// TF-IDF over title + body (IDF from the evaluated articles as a batch), a single pass in time
/// order, each article joining the most cosine-similar cluster with an article in the last 3 days
/// if the cosine reaches 0.15, else starting a cluster. No entities, no index, no merging.
enum TFIDFBaseline {
    static let threshold = 0.15
    static let window: TimeInterval = 3 * 24 * 3600

    static func cluster(_ articles: [ClusterArticle]) -> [String] {
        let documents = articles.map { Tokenizer.contentWords($0.headline + " " + $0.body) }
        var documentFrequency: [String: Double] = [:]
        for words in documents {
            for word in Set(words) { documentFrequency[word, default: 0] += 1 }
        }
        let count = Double(documents.count)
        let vectors = documents.map { words -> [String: Double] in
            var counts: [String: Double] = [:]
            for word in words { counts[word, default: 0] += 1 }
            return normalized(counts.reduce(into: [:]) { vector, entry in
                vector[entry.key] = entry.value * log(count / documentFrequency[entry.key]!)
            })
        }

        // Centroids are kept at unit length (sum of members, renormalised), so cosine is a dot product.
        var clusters: [(centroid: [String: Double], latest: Date)] = []
        var labels: [String] = []
        for (article, vector) in zip(articles, vectors) {
            var best: (index: Int, cosine: Double)?
            for (index, cluster) in clusters.enumerated() where article.publishedAt.timeIntervalSince(cluster.latest) <= window {
                let cosine = dot(vector, cluster.centroid)
                if cosine >= threshold, cosine > (best?.cosine ?? -1) { best = (index, cosine) }
            }
            if let best {
                var sum = clusters[best.index].centroid
                for (word, weight) in vector { sum[word, default: 0] += weight }
                clusters[best.index].centroid = normalized(sum)
                clusters[best.index].latest = max(clusters[best.index].latest, article.publishedAt)
                labels.append("baseline-\(best.index)")
            } else {
                clusters.append((vector, article.publishedAt))
                labels.append("baseline-\(clusters.count - 1)")
            }
        }
        return labels
    }

    private static func normalized(_ vector: [String: Double]) -> [String: Double] {
        let norm = vector.values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? vector.mapValues { $0 / norm } : vector
    }

    private static func dot(_ a: [String: Double], _ b: [String: Double]) -> Double {
        let (small, large) = a.count < b.count ? (a, b) : (b, a)
        return small.reduce(0) { $0 + $1.value * (large[$1.key] ?? 0) }
    }
}
