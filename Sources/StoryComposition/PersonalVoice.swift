import Foundation

/// Whether a sentence speaks in its outlet's own voice or to the reader: "a fisherman told us",
/// "We wore one for a day", "Forget the smartwatch – … tracks your sleep". A cross-source summary
/// or a consensus claim is the story's, told by no one; such a line puts one outlet's reporter, or its
/// sales pitch, into every outlet's mouth (a twelfth reader's audit). Quotations are left out of the
/// test: a minister saying "we will act" is reported speech.
enum PersonalVoice {
    /// First and second person, compared in lower case. "us" and "me" only as written in lower case
    /// ("US", "ME" are places); "mine" is left out (a gold mine).
    private static let pronouns: Set<String> = [
        "we", "our", "ours", "ourselves", "my", "myself", "you", "your", "yours", "yourself", "yourselves",
        "we're", "we've", "we'll", "we'd", "i'm", "i've", "i'll", "i'd", "you're", "you've", "you'll", "you'd", "let's",
    ]
    private static let lowerCaseOnly: Set<String> = ["us", "me"]
    private static let edges = CharacterSet.punctuationCharacters.union(.symbols)

    static func speaks(_ sentence: String) -> Bool {
        var previous: Substring?
        for raw in unquoted(sentence).split(whereSeparator: \.isWhitespace) {
            let word = raw.trimmingCharacters(in: edges).replacingOccurrences(of: "\u{2019}", with: "'")
            defer { previous = raw }
            if pronouns.contains(word.lowercased()) || lowerCaseOnly.contains(word) { return true }
            // "I" alone, not after a capitalised word: "World War I", "Charles I" and "Phase I" are names.
            if word == "I", previous.map({ !($0.first?.isUppercase ?? false) }) ?? true { return true }
        }
        return false
    }

    /// The sentence without what it quotes (between curly or straight double quotes).
    private static func unquoted(_ sentence: String) -> String {
        var kept = ""
        var inCurly = false
        var inStraight = false
        for character in sentence {
            switch character {
            case "\u{201C}": inCurly = true
            case "\u{201D}": inCurly = false
            case "\"": inStraight.toggle()
            default: if !inCurly && !inStraight { kept.append(character) }
            }
        }
        return kept
    }
}
