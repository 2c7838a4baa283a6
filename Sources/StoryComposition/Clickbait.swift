import Foundation
import NewsText

/// Headlines written to be clicked rather than to inform: never chosen as a story's headline
/// while an informative one exists.
enum Clickbait {
    /// Lowercased phrases that tease instead of telling (curly apostrophes are folded first).
    private static let teasers = WordClasses.shared.entries(.teaser)

    /// Nouns that make "7 things…", "10 reasons…" a listicle.
    private static let listNouns: Set<String> = WordClass.listicleNoun.forms

    static func isClickbait(_ headline: String) -> Bool {
        let lowered = headline.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        if teasers.contains(where: lowered.containsBytes) { return true }
        if hasExcessivePunctuation(headline) || isQuestion(headline) { return true }
        return isListicle(lowered)
    }

    /// A question as headline usually withholds the answer ("Is this the end of cash?").
    static func isQuestion(_ headline: String) -> Bool {
        headline.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\"'\u{201D}\u{2019}"))).hasSuffix("?")
    }

    /// "!!", "?!", or more than one exclamation mark anywhere.
    static func hasExcessivePunctuation(_ headline: String) -> Bool {
        headline.contains("!!") || headline.contains("?!") || headline.contains("!?")
            || headline.filter({ $0 == "!" }).count > 1
    }

    /// "7 things we learned…", "The 10 best…": a number then a list noun within two words.
    private static func isListicle(_ lowered: String) -> Bool {
        let words = lowered.split(separator: " ").map { $0.filter { $0.isLetter || $0.isNumber } }
        let start = words.first == "the" ? 1 : 0
        guard words.count > start + 1, let count = Int(words[start]), count >= 3, count < 100 else { return false }
        return words[(start + 1) ..< min(words.count, start + 3)].contains(where: listNouns.contains)
            || words[start + 1] == "best" || words[start + 1] == "worst"
    }
}
