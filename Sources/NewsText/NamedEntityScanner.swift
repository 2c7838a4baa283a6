/// Splits text into words while remembering the punctuation around them, which `Tokenizer` throws
/// away but entity spotting needs: whether a word opens a sentence (so its capital says nothing),
/// whether punctuation separates it from the previous word (so a name run stops at a comma), and
/// the symbols glued to numbers ("$", "%").
struct ScannedWord {
    var text: String
    /// First word of the text or of a sentence (after . ! ? : or a line break).
    var startsSentence: Bool
    /// Something other than spaces stands between this word and the previous one.
    var punctuationBefore: Bool
    /// The non-space characters just before the word, e.g. "$" or ", \"".
    var gapBefore: String
    /// Directly followed by "%".
    var percentAfter = false

    var isNumber: Bool { text.unicodeScalars.first.map(ScalarClasses.isDigit) ?? false }
    var isCapitalized: Bool { text.unicodeScalars.first.map(ScalarClasses.isUppercase) ?? false }
    /// Letters all uppercase, and two of them or a digit ("NATO", "U.S", "G7"): not an ordinary
    /// capitalised word, nor the pronoun "I".
    var isAcronym: Bool {
        var letters = 0
        var hasDigit = false
        for scalar in text.unicodeScalars {
            if ScalarClasses.isLetter(scalar) {
                guard ScalarClasses.isUppercase(scalar) else { return false }
                letters += 1
            } else if ScalarClasses.isDigit(scalar) {
                hasDigit = true
            }
        }
        return letters >= 2 || (letters == 1 && hasDigit)
    }
    var isPossessive: Bool { Tokenizer.isPossessive(text) }
    /// The text without a possessive ending: "Powell's" → "Powell".
    var withoutPossessive: String { isPossessive ? String(text.dropLast(2)) : text }
}

enum NamedEntityScanner {
    /// Short words a period follows without ending the sentence.
    private static let abbreviations: Set<String> = WordClass.scannerAbbreviation.forms

    static func words(in text: String) -> [ScannedWord] {
        let scalars = Array(text.unicodeScalars)
        var words: [ScannedWord] = []
        var current = String.UnicodeScalarView()
        var gap = String.UnicodeScalarView()
        var sentenceEnded = true

        func isWord(_ index: Int) -> Bool { index < scalars.count && ScalarClasses.isLetterOrDigit(scalars[index]) }
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && ScalarClasses.isDigit(scalars[index]) }
        func flush() {
            guard !current.isEmpty else { return }
            let gapText = String(gap).removingWhitespace()
            words.append(ScannedWord(text: String(current), startsSentence: sentenceEnded || words.isEmpty,
                                     punctuationBefore: !gapText.isEmpty, gapBefore: gapText))
            current.removeAll()
            gap.removeAll()
            sentenceEnded = false
        }

        for (index, scalar) in scalars.enumerated() {
            if isWord(index) {
                current.append(scalar)
                continue
            }
            let inWord = !current.isEmpty && isWord(index + 1)
            let currentIsNumber = current.first.map(ScalarClasses.isDigit) ?? false
            if inWord, scalar == "'" || scalar == "\u{2019}" {
                current.append(scalar)
                continue
            }
            // "Dunedin-based Tuatara Pay" names Dunedin and Tuatara Pay, as `Tokenizer` reads it.
            if inWord, scalar == "-", !currentIsNumber, !Tokenizer.hyphenEndsName(current, scalars, suffixAt: index + 1) {
                current.append(scalar)
                continue
            }
            if inWord, scalar == "." || scalar == ",", isDigit(index - 1), isDigit(index + 1) {
                current.append(scalar)
                continue
            }
            if inWord, scalar == ".", isInitialism(current), ScalarClasses.isUppercase(scalars[index + 1]) {
                current.append(scalar)
                continue
            }
            let endingWord = current
            flush()
            if scalar == "%", let last = words.indices.last, !endingWord.isEmpty { words[last].percentAfter = true }
            if scalar == "." {
                let previous = String(endingWord).lowercased()
                let isAbbreviation = abbreviations.contains(previous) || isInitialism(endingWord)
                if !isAbbreviation { sentenceEnded = true }
            } else if scalar == "!" || scalar == "?" || scalar == ":" || scalar == "\n" {
                sentenceEnded = true
            }
            gap.append(scalar)
        }
        flush()
        return words
    }

    /// "U", "U.S", "U.K": single capitals joined by periods, so the period after them is not a full stop.
    private static func isInitialism(_ word: String.UnicodeScalarView) -> Bool {
        let parts = String(word).split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { $0.unicodeScalars.count == 1 && ScalarClasses.isUppercase($0.unicodeScalars.first!) }
    }
}

private extension String {
    func removingWhitespace() -> String {
        String(unicodeScalars.filter { !ScalarClasses.isWhitespace($0) })
    }
}
