/// A word or number of folded text, with what the punctuation around it said.
struct GateToken: Sendable {
    var text: String
    var isNumber: Bool
    /// The index of its sentence: sentences end at `? ! ;`, a line break, or a full stop
    /// followed by a space (so "2.5" and "o.z.e.m.p.i.c" stay whole).
    var sentence: Int
    /// First word of its line: where a chat transcript puts a role ("SYSTEM:").
    var startsLine: Bool
    /// Right after `[`, `<`, `|`, `{` or `#`: how chat templates mark a role ("[INST]").
    var bracketed: Bool
    var colonAfter = false
}

/// The words of a message, split by sentence, before any vocabulary is consulted.
struct TokenizedText {
    var tokens: [GateToken] = []
    /// Per sentence: it ends with `?` or opens with `¿`.
    var isQuestion: [Bool] = [false]

    /// `folded` is `GateFolding.fold` output. Digits joined by a comma or point are one decimal
    /// number with a point ("2,5" → "2.5"); letters written one at a time ("o z e m p i c",
    /// "o.z.e.m.p.i.c", "0 z e m p 1 c") are joined into one word.
    init(folded: String) {
        let scalars = Array(folded.unicodeScalars)
        var gap: [Unicode.Scalar] = []
        var joinable: [Bool] = []
        var index = 0
        while index < scalars.count {
            guard Self.startsWord(scalars, at: index) else {
                gap.append(scalars[index])
                index += 1
                continue
            }
            var word = String.UnicodeScalarView()
            var allDigits = true
            while index < scalars.count {
                let scalar = scalars[index]
                if Self.isDigit(scalar) || Self.continuesWord(scalars, at: index) {
                    allDigits = allDigits && Self.isDigit(scalar)
                    word.append(scalar)
                } else if allDigits, !word.isEmpty, scalar == "," || scalar == ".",
                          index + 1 < scalars.count, Self.isDigit(scalars[index + 1]) {
                    word.append(".")
                } else {
                    break
                }
                index += 1
            }
            joinable.append(gap.count == 1 && Self.letterJoiners.contains(gap[0]))
            closeGap(gap)
            tokens.append(GateToken(text: String(word), isNumber: allDigits, sentence: isQuestion.count - 1,
                                    startsLine: tokens.isEmpty || gap.contains { $0 == "\n" || $0 == "\r" },
                                    bracketed: gap.contains { Self.bracketMarks.contains($0) }))
            gap = []
        }
        closeGap(gap)
        joinSpelledOutWords(joinable: joinable)
    }

    /// Reads the punctuation between the last token and the next: question marks, sentence ends, colons.
    private mutating func closeGap(_ gap: [Unicode.Scalar]) {
        if gap.contains(":"), !tokens.isEmpty { tokens[tokens.count - 1].colonAfter = true }
        if gap.contains("?") { isQuestion[isQuestion.count - 1] = true }
        let endsSentence = gap.enumerated().contains { offset, scalar in
            Self.sentenceEnds.contains(scalar)
                || (scalar == "." && (offset + 1 == gap.count || gap[offset + 1].properties.isWhitespace))
        }
        if endsSentence, !tokens.isEmpty, tokens.last?.sentence == isQuestion.count - 1 { isQuestion.append(false) }
        if gap.contains("¿") { isQuestion[isQuestion.count - 1] = true }
    }

    /// Joins runs of three or more one-character tokens separated by a single space or joiner,
    /// at least two of them letters: "s k i p" reads "skip", "0 z e m p 1 c" reads "0zemp1c"
    /// (leetspeak is read later). A wider gap ends the word, so "s k i p   m y" is two words.
    private mutating func joinSpelledOutWords(joinable: [Bool]) {
        var joined: [GateToken] = []
        var start = 0
        while start < tokens.count {
            var end = start + 1
            if tokens[start].text.unicodeScalars.count == 1 {
                while end < tokens.count, joinable[end], tokens[end].text.unicodeScalars.count == 1,
                      tokens[end].sentence == tokens[start].sentence { end += 1 }
            }
            let run = tokens[start..<end]
            let letters = run.filter { !$0.isNumber }.count
            if run.count >= 3, letters >= 2 {
                var word = run[start]
                word.text = run.map(\.text).joined()
                word.isNumber = false
                word.colonAfter = run[end - 1].colonAfter
                joined.append(word)
            } else {
                joined.append(contentsOf: run)
            }
            start = end
        }
        tokens = joined
    }

    private static let sentenceEnds: Set<Unicode.Scalar> = ["?", "!", ";", "\n", "\r", "…", "¿", "¡"]
    private static let bracketMarks: Set<Unicode.Scalar> = ["[", "<", "|", "{", "#"]
    private static let letterJoiners: Set<Unicode.Scalar> = [" ", ".", "-", "_", "*", "·", "/", "+"]
    /// Leetspeak symbols that stand for letters inside a word ("$kip", "d@se", "sk!p").
    private static let leetSymbols: Set<Unicode.Scalar> = ["@", "$", "!", "|", "€"]

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }

    private static func startsWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        if isLetter(scalar) || isDigit(scalar) { return true }
        return (scalar == "@" || scalar == "$") && index + 1 < scalars.count && isLetter(scalars[index + 1])
    }

    /// A letter, or a leetspeak symbol between a word character and a letter.
    private static func continuesWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        if isLetter(scalar) { return true }
        guard leetSymbols.contains(scalar), index + 1 < scalars.count else { return false }
        return isLetter(scalars[index + 1]) || isDigit(scalars[index + 1])
    }
}
