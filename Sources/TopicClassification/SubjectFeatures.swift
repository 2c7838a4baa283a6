import Foundation
import NewsText

/// Turns a headline and body into the term counts the subject model reads. The trainer and the
/// classifier both call this, so what was learned is exactly what is looked up.
///
/// Terms are content words (no stop words, no bare numbers: years and prices date a text
/// rather than say what it is about) and pairs of neighbouring content words ("central bank",
/// "prime minister"). Headline terms count twice: the headline states the subject. Only the
/// first `bodyWordLimit` content words of the body count, so a long article and a two-line
/// feed summary look alike and the cost per article is bounded.
///
/// Each word that has a cluster in `TermClusters` also adds its cluster token ("c:412") at
/// `clusterWeight` times the word's weight: words the model never saw with a label ("Nvidia",
/// "filibuster") then still vote through the cluster of words used like them. Pairs add none.
/// `SubjectModel.weightedVector` turns the counts into the tf-idf vector that is scored.
public enum SubjectFeatures {
    public static let headlineWordLimit = 40
    public static let bodyWordLimit = 120
    public static let headlineWeight = 2.0
    /// Measured on the training part's 4 folds (docs/jarvis/story-engine.md, Topics).
    public static let clusterWeight = 0.5

    public static func counts(headline: String, body: String, clusters: TermClusters) -> [String: Double] {
        var counts: [String: Double] = [:]
        addTerms(of: headline, limit: headlineWordLimit, weight: headlineWeight, clusters: clusters, to: &counts)
        addTerms(of: body, limit: bodyWordLimit, weight: 1, clusters: clusters, to: &counts)
        return counts
    }

    /// Content words in order, bare numbers dropped: the words terms and clusters are made of.
    public static func words(_ text: String) -> [String] {
        Tokenizer.contentWords(text).filter { !$0.allSatisfy(\.isNumber) }
    }

    private static func addTerms(of text: String, limit: Int, weight: Double, clusters: TermClusters,
                                 to counts: inout [String: Double]) {
        var previous: String? = nil
        for word in words(text).prefix(limit) {
            counts[word, default: 0] += weight
            if let previous { counts[previous + " " + word, default: 0] += weight }
            if let cluster = clusters.token(of: word) { counts[cluster, default: 0] += weight * clusterWeight }
            previous = word
        }
    }
}
