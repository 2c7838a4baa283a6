import Foundation

/// Small text shaping for summaries: making a headline read as a sentence, and shortening an
/// over-long sentence at a clause boundary rather than mid-phrase.
enum SummaryText {
    /// "Kenya raises rates" → "Kenya raises rates." (a headline already ending in punctuation is kept).
    static func asSentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return "No summary is available yet." }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }

    /// The longest prefix of `text` ending at a comma, semicolon or dash that fits `limit`
    /// with a final period; nil when no clause boundary leaves a meaningful sentence.
    static func cutAtClause(_ text: String, limit: Int) -> String? {
        let boundaries = [", ", "; ", " \u{2014} ", " - "]
        var best: String.Index?
        for boundary in boundaries {
            var searchStart = text.startIndex
            while let found = text.range(of: boundary, range: searchStart ..< text.endIndex) {
                if text.distance(from: text.startIndex, to: found.lowerBound) < limit,
                   found.lowerBound > (best ?? text.startIndex) {
                    best = found.lowerBound
                }
                searchStart = found.upperBound
            }
        }
        guard let end = best, text.distance(from: text.startIndex, to: end) >= 60 else { return nil }
        return String(text[..<end]) + "."
    }
}
