import Foundation
import NewsText

/// Whether a sentence speaks in its outlet's own voice or to the reader: "a fisherman told us",
/// "We wore one for a day", "Forget the smartwatch – … tracks your sleep". A cross-source summary
/// or a consensus claim is the story's, told by no one; such a line puts one outlet's reporter, or its
/// sales pitch, into every outlet's mouth. Quotations are left out of the
/// test: a minister saying "we will act" is reported speech.
package enum PersonalVoice {
    /// First and second person, compared in lower case. "us" and "me" only as written in lower case
    /// ("US", "ME" are places); "mine" is left out (a gold mine).
    private static let pronouns: Set<String> = WordClass.firstOrSecondPerson.forms
    private static let lowerCaseOnly: Set<String> = WordClass.lowerCaseOnlyPronoun.forms
    private static let edges = CharacterSet.punctuationCharacters.union(.symbols)

    static func speaks(_ sentence: String) -> Bool {
        let words = unquoted(sentence).split(whereSeparator: \.isWhitespace)
        for (index, raw) in words.enumerated() {
            let word = normalized(raw)
            // Capitalised inside a sentence, a pronoun is part of a name: "Our Lady of Mercy", "Your Party".
            if index > 0, word.first?.isUppercase == true, word != "I" { continue }
            if pronouns.contains(word.lowercased()) || lowerCaseOnly.contains(word) { return true }
            // "I" alone, not after a capitalised word other than the sentence's first: "World War I",
            // "Charles I" and "Phase I" are names; "When I arrived" is not.
            if word == "I", index < 2 || !(words[index - 1].first?.isUppercase ?? false) { return true }
        }
        return false
    }

    /// A word without the punctuation and symbols at its ends, its curly apostrophes straight. Foundation's
    /// trimming and replacing bridge the word on every call, so a word with neither to do (most) is kept as it is.
    private static func normalized(_ raw: Substring) -> String {
        guard let first = raw.unicodeScalars.first, let last = raw.unicodeScalars.last else { return "" }
        let trimmed = edges.contains(first) || edges.contains(last) ? raw.trimmingCharacters(in: edges) : String(raw)
        return trimmed.unicodeScalars.contains("\u{2019}") ? trimmed.replacingOccurrences(of: "\u{2019}", with: "'") : trimmed
    }

    /// The sentence without what it quotes: between curly or straight double quotes, and between
    /// single curly quotes ("‘we will act’"; an apostrophe inside a word opens nothing).
    private static func unquoted(_ sentence: String) -> String {
        let characters = Array(sentence)
        var kept = ""
        var inCurly = false, inStraight = false, inSingle = false
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : " "
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            switch character {
            case "\u{201C}": inCurly = true
            case "\u{201D}": inCurly = false
            case "\"": inStraight.toggle()
            case "\u{2018}" where previous.isWhitespace || previous == "(": inSingle = true
            case "\u{2019}" where inSingle && !next.isLetter: inSingle = false
            default: if !inCurly && !inStraight && !inSingle { kept.append(character) }
            }
        }
        return kept
    }
}
