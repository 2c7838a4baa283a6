import Foundation
import NewsText

/// Turns a headline and body into the sparse vector the subject model reads. The trainer and
/// the classifier both call this, so what was learned is exactly what is looked up.
///
/// Terms are content words (no stop words, no bare numbers: years and prices date a text
/// rather than say what it is about) and pairs of neighbouring content words ("central bank",
/// "prime minister"). Headline terms count twice: the headline states the subject. Only the
/// first `bodyWordLimit` content words of the body count, so a long article and a two-line
/// feed summary look alike and the cost per article is bounded. Counts are damped with
/// log(1 + n) and the vector is scaled to unit length.
public enum SubjectFeatures {
    public static let bodyWordLimit = 120

    public static func vector(headline: String, body: String) -> [String: Double] {
        var counts: [String: Double] = [:]
        addTerms(of: headline, limit: 40, weight: 2, to: &counts)
        addTerms(of: body, limit: bodyWordLimit, weight: 1, to: &counts)
        var squaredLength = 0.0
        for (term, count) in counts {
            let damped = log(1 + count)
            counts[term] = damped
            squaredLength += damped * damped
        }
        guard squaredLength > 0 else { return counts }
        let length = squaredLength.squareRoot()
        for term in counts.keys { counts[term]! /= length }
        return counts
    }

    private static func addTerms(of text: String, limit: Int, weight: Double, to counts: inout [String: Double]) {
        let words = Tokenizer.contentWords(text).lazy.filter { !$0.allSatisfy(\.isNumber) }.prefix(limit)
        var previous: String? = nil
        for word in words {
            counts[word, default: 0] += weight
            if let previous { counts[previous + " " + word, default: 0] += weight }
            previous = word
        }
    }
}
