import Foundation

/// Splits news text into word tokens the same way for clustering, summarising and classifying,
/// so a term means the same thing to every part of the story engine.
public enum Tokenizer {
    /// A word as written (case kept, for telling names from common words) and its normal form
    /// (lowercased, accents folded: "São" and "Sao" are one term).
    public struct Token: Sendable, Equatable {
        public let text: String
        public let normalized: String
        /// Starts with an uppercase letter: a name candidate unless it opens a sentence.
        public var isCapitalized: Bool { text.unicodeScalars.first.map(ScalarClasses.isUppercase) ?? false }
        /// Written with "'s" at its end, which `text` no longer shows (the apostrophe is dropped like
        /// every joiner): a possessive ("Somaliland's"), or a contraction ("it's") that no name makes.
        public let isPossessive: Bool
        /// Not first in its text and written after a clause break (`isClauseBreak`: a comma, semicolon,
        /// colon, bracket, en or em dash, or a hyphen with a space on each side): where an aside may open.
        public let opensClause: Bool

        public init(text: String, normalized: String, isPossessive: Bool = false, opensClause: Bool = false) {
            self.text = text
            self.normalized = normalized
            self.isPossessive = isPossessive
            self.opensClause = opensClause
        }
    }

    /// Whether a word as written ends in a possessive "'s" (straight or curly apostrophe).
    static func isPossessive(_ text: String) -> Bool { text.hasSuffix("'s") || text.hasSuffix("\u{2019}s") }

    /// Tokens in order. Letters and digits form words; an apostrophe or hyphen inside a word is
    /// dropped ("don't" → "dont", "e-mail" → "email") so spelling variants meet; everything else
    /// separates words.
    public static func tokens(_ text: String) -> [Token] {
        var result: [Token] = []
        var current = String.UnicodeScalarView()
        // Where an apostrophe was dropped, counted in scalars of `current`: "Angola's" is "Angolas" with one at 6.
        var apostrophe: Int?
        // A clause break since the last token.
        var clauseBroken = false
        func flush() {
            guard !current.isEmpty else { return }
            let word = String(current)
            let possessive = apostrophe == current.count - 1 && (current.last == "s" || current.last == "S")
            result.append(Token(text: word, normalized: normalize(word), isPossessive: possessive,
                                opensClause: clauseBroken && !result.isEmpty))
            current.removeAll(keepingCapacity: true)
            apostrophe = nil
            clauseBroken = false
        }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if ScalarClasses.isLetterOrDigit(scalar) {
                current.append(scalar)
            } else if isJoiner(scalar), !current.isEmpty, index + 1 < scalars.count, ScalarClasses.isLetterOrDigit(scalars[index + 1]),
                      scalar != "-" || !hyphenEndsName(current, scalars, suffixAt: index + 1) {
                if scalar != "-" { apostrophe = current.count }
                continue
            } else {
                flush()
                if isClauseBreak(scalars, at: index) { clauseBroken = true }
            }
        }
        flush()
        return result
    }

    /// Headline style ("Rebels In Chad Seize Town"): capitals carry no information there.
    public static func isTitleCase(_ tokens: [Token]) -> Bool {
        let words = tokens.filter { $0.text.count > 3 }
        guard words.count >= 3 else { return false }
        return words.filter(\.isCapitalized).count * 10 >= words.count * 8
    }

    /// Normal forms only: what indexes and classifiers count.
    public static func words(_ text: String) -> [String] {
        tokens(text).map(\.normalized)
    }

    /// Normal forms without stop words and one-letter words: the terms that carry meaning.
    public static func contentWords(_ text: String) -> [String] {
        contentWords(tokens(text))
    }

    /// `contentWords` of text already split into `tokens`.
    public static func contentWords(_ tokens: [Token]) -> [String] {
        tokens.map(\.normalized).filter { $0.count > 1 && !StopWords.english.contains($0) }
    }

    static func normalize(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        let folded = word.lowercased().folding(options: .diacriticInsensitive, locale: nil)
        guard folded.unicodeScalars.contains(where: { unfoldedLetters[$0] != nil }) else { return folded }
        return folded.unicodeScalars.reduce(into: "") { result, scalar in
            if let plain = unfoldedLetters[scalar] { result += plain } else { result.unicodeScalars.append(scalar) }
        }
    }

    /// Letters that are no letter plus an accent, so folding keeps them, though outlets writing
    /// without them spell the name in plain letters: "Wisła" and "Wisla" are one name, so are "Łódź"
    /// and "Lodz", "Øresund" and "Oresund".
    private static let unfoldedLetters: [Unicode.Scalar: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th",
    ]

    /// "Dunedin-based", "Saudi-led", "Kremlin-backed": the name before such a suffix (capitalised: not
    /// "self-made", "state-run") is a name of the text, so the hyphen separates ("Dunedin-based Tuatara
    /// Pay confirms cyber breach" names Dunedin, not "dunedinbased"). The entity scanner splits there too.
    private static let locatingSuffixes: Set<String> = WordClass.locatingSuffix.forms

    /// Whether a hyphen after `word` (being read) separates it from a locating suffix starting at `start`.
    static func hyphenEndsName(_ word: String.UnicodeScalarView, _ scalars: [Unicode.Scalar], suffixAt start: Int) -> Bool {
        (word.first.map(ScalarClasses.isUppercase) ?? false) && startsLocatingSuffix(scalars, at: start)
    }

    private static func startsLocatingSuffix(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var end = start
        while end < scalars.count, ScalarClasses.isLetterOrDigit(scalars[end]), end - start <= 13 { end += 1 }
        guard end - start <= 13 else { return false }
        return locatingSuffixes.contains(String(String.UnicodeScalarView(scalars[start ..< end])).lowercased())
    }

    /// Scalars that end a clause inside a sentence; the spaced hyphen " - " is one too.
    private static let clauseBreaks: Set<Unicode.Scalar> = [",", ";", ":", "(", ")", "\u{2013}", "\u{2014}"]

    /// Whether the scalar at `index` ends a clause: one of `clauseBreaks`, or a hyphen between spaces.
    private static func isClauseBreak(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        if clauseBreaks.contains(scalar) { return true }
        return scalar == "-" && index > 0 && index + 1 < scalars.count && scalars[index - 1] == " " && scalars[index + 1] == " "
    }

    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "-"
    }
}
