/// A word or number of folded text, with what the punctuation around it said.
struct GateToken: Sendable {
    var text: String
    var isNumber: Bool
    /// The index of its sentence: sentences end at `? ! ;`, a line break, an emoji, or a full stop
    /// followed by a space (so "2.5" and "o.z.e.m.p.i.c" stay whole).
    var sentence: Int
    /// First word of its line: where a chat transcript puts a role ("SYSTEM:").
    var startsLine: Bool
    /// Right after `[`, `<`, `|`, `{`, `#` or a backtick: how chat templates and markdown fences mark a
    /// role ("[INST]", "```system").
    var bracketed: Bool
    /// After a comma, colon, dash or bracket: a new clause opens ("since Monday, skip it?").
    var opensClause = false
    /// After an arrow (`->`, `=>`, `→`): "2,5 -> 5" proposes going from one amount to the next.
    var afterArrow = false
    var colonAfter = false
    /// The single characters a spelled-out run with a digit was joined from ("s k 1 p"): the
    /// reading keeps the run whole only when its leetspeak reading is a vocabulary term.
    var spelled: [GateToken] = []
    /// The vocabulary terms whose first word this token matches, looked up once per distinct word.
    var terms: [Int32] = []
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
        var joinable: [Bool] = []
        var gapStart = 0
        var index = 0
        while index < scalars.count {
            guard Self.startsWord(scalars, at: index) else {
                index += 1
                continue
            }
            let gap = Gap(scalars[gapStart..<index], atEnd: false)
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
            joinable.append(gap.joinsLetters)
            close(gap)
            tokens.append(GateToken(text: String(word), isNumber: allDigits, sentence: isQuestion.count - 1,
                                    startsLine: tokens.isEmpty || gap.breaksLine, bracketed: gap.bracketed,
                                    opensClause: gap.breaksClause, afterArrow: gap.arrow))
            gapStart = index
        }
        close(Gap(scalars[gapStart...], atEnd: true))
        joinSpelledOutWords(joinable: joinable)
    }

    /// What the punctuation between two tokens says, read in one pass.
    private struct Gap {
        var colon = false, question = false, invertedQuestion = false, endsSentence = false
        var breaksLine = false, bracketed = false, joinsLetters = false, breaksClause = false, arrow = false

        /// A full stop ends a sentence when a space or the end of the text follows it.
        init(_ scalars: ArraySlice<Unicode.Scalar>, atEnd: Bool) {
            joinsLetters = scalars.count == 1 && TokenizedText.letterJoiners.contains(scalars[scalars.startIndex])
            var previousWasStop = false
            for scalar in scalars {
                switch scalar {
                case ":": colon = true
                case "?": question = true; endsSentence = true
                case "¿": invertedQuestion = true
                case "!", ";", "…", "¡": endsSentence = true
                case "\n", "\r": breaksLine = true; endsSentence = true
                case "[", "<", "|", "{", "#", "`": bracketed = true
                case ">", "→", "⇒", "➡": arrow = true
                // An emoji between words closes a thought as a full stop would ("… hintereinander 🎄
                // Vielleicht lass ich …").
                default: if scalar.properties.isEmojiPresentation { endsSentence = true }
                }
                if TokenizedText.clauseMarks.contains(scalar) { breaksClause = true }
                if previousWasStop, scalar.properties.isWhitespace { endsSentence = true }
                previousWasStop = scalar == "."
            }
            if previousWasStop, atEnd { endsSentence = true }
            // "¿" opens a sentence, or only a question clause after a comma or colon ("2,5 a 5 mg, ¿vale?").
            if invertedQuestion, !breaksClause { endsSentence = true }
        }
    }

    /// Applies a gap to the sentence being read: a colon marks the last token, a question mark
    /// the sentence, a sentence end opens the next one.
    private mutating func close(_ gap: Gap) {
        if gap.colon, !tokens.isEmpty { tokens[tokens.count - 1].colonAfter = true }
        if gap.question { isQuestion[isQuestion.count - 1] = true }
        if gap.endsSentence, !tokens.isEmpty, tokens.last?.sentence == isQuestion.count - 1 { isQuestion.append(false) }
        if gap.invertedQuestion { isQuestion[isQuestion.count - 1] = true }
    }

    /// Joins runs of single characters separated by a single space or joiner, at least two of them
    /// letters: "s k i p" reads "skip", "0 z e m p 1 c" reads "0zemp1c" (leetspeak is read later).
    /// A run needs three characters, or two once the message has a run of three ("m y" in
    /// "s k i p  m y  d o s e"), so that "y a" in ordinary Spanish stays two words; a run with a
    /// digit needs four characters ("il y a 3 jours" stays words) and keeps its characters, as the
    /// reading splits it again unless it spells a term ("subo a 1 o q hago"). A wider gap ends the
    /// word.
    private mutating func joinSpelledOutWords(joinable: [Bool]) {
        var runs: [Range<Int>] = []
        var start = 0
        while start < tokens.count {
            var end = start + 1
            if tokens[start].text.unicodeScalars.count == 1 {
                while end < tokens.count, joinable[end], tokens[end].text.unicodeScalars.count == 1,
                      tokens[end].sentence == tokens[start].sentence { end += 1 }
            }
            // A run with a digit needs four characters: "s k 1 p" may be a word, French "il y a 3 jours" is not.
            let letters = tokens[start..<end].filter({ !$0.isNumber }).count
            if end - start >= 2, letters >= 2, letters == end - start || end - start >= 4 { runs.append(start..<end) }
            start = end
        }
        let shortest = runs.contains { $0.count >= 3 } ? 2 : 3
        for run in runs.reversed() where run.count >= shortest {
            var word = tokens[run.lowerBound]
            word.text = tokens[run].map(\.text).joined()
            word.isNumber = false
            word.colonAfter = tokens[run.upperBound - 1].colonAfter
            if tokens[run].contains(where: \.isNumber) { word.spelled = Array(tokens[run]) }
            tokens.replaceSubrange(run, with: [word])
        }
    }

    fileprivate static let clauseMarks: Set<Unicode.Scalar> = [",", ":", "(", ")", "–", "—"]
    fileprivate static let letterJoiners: Set<Unicode.Scalar> = [" ", ".", "-", "_", "*", "·", "/", "+"]
    /// Leetspeak symbols that stand for letters inside a word ("$kip", "d@se", "sk!p").
    private static let leetSymbols: Set<Unicode.Scalar> = ["@", "$", "!", "|", "€"]

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 97...122, 65...90: return true
        case 0..<128: return false
        default: return scalar.properties.isAlphabetic
        }
    }

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
