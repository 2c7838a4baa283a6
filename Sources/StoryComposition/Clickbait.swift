import Foundation

/// Headlines written to be clicked rather than to inform: never chosen as a story's headline
/// while an informative one exists.
enum Clickbait {
    /// Lowercased phrases that tease instead of telling (curly apostrophes are folded first).
    private static let teasers = [
        "you won't believe", "you wont believe", "you'll never guess", "will shock you", "what happened next",
        "this is why", "here's why", "here is why", "here's what", "here's how", "the reason why", "this one",
        "find out", "jaw-dropping", "mind-blowing", "shocking", "goes viral", "the internet is", "omg",
        "everything you need to know", "what you need to know", "things to know", "you need to see", "must see",
        "must-see", "wait until you see", "can't stop", "nobody expected", "blew up",
        // Explainers: they tell what an event means, after a headline has told what happened.
        "what went wrong", "what we know", "what it means", "what this means", "explained:", "explainer:",
        // Feature angles: a company's strategy told over the launch it is about ("Vantor bets on AI laptops with
        // Arclight 2", "Lumen Labs bets on Halcyon 3 to take on AI chip leaders").
        " bets on ", " bets big on ", " pins hopes on ", " banks on ",
    ]

    /// Nouns that make "7 things…", "10 reasons…" a listicle.
    private static let listNouns: Set<String> = [
        "things", "reasons", "ways", "facts", "photos", "pictures", "signs", "tips", "secrets", "times", "moments",
        "questions", "lessons", "tricks", "mistakes", "stocks", "takeaways", "charts",
    ]

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
