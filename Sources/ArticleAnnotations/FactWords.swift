import Foundation
import NewsText

/// A sentence as a list of words with their punctuation stripped, numbers parsed, and clause
/// breaks remembered: the form fact extraction reads.
package struct FactWords {
    package struct Word: Sendable {
        /// The word as written, punctuation stripped ("27.25%", "Ruto", "killed").
        package let text: String
        package let lowered: String
        /// Its stem (`Stemmer`), taken once for every word class the readers ask about; empty for a number.
        let stem: String
        let isPercent: Bool
        /// Written with a currency sign ("$42m", "€1.2bn") or before a currency's name ("1.4 bln euros",
        /// "412m zloty"): an amount of money.
        private(set) var isMoney: Bool
        /// A comma, semicolon, colon or dash follows: the clause ends here.
        package let endsClause: Bool
        /// What only a figure has (its value, how it is quoted, its currency's name), kept apart: most
        /// words are no figure, and every sentence an article's annotation keeps holds its words.
        private var figure: Figure?

        final class Figure: Sendable {
            let number: Double?
            let written: String
            let currencyName: String?

            init(number: Double?, written: String, currencyName: String?) {
                self.number = number
                self.written = written
                self.currencyName = currencyName
            }
        }

        init(text: String, lowered: String, stem: String, number: Double?, isPercent: Bool, written: String, isMoney: Bool,
             endsClause: Bool) {
            self.text = text
            self.lowered = lowered
            self.stem = stem
            self.isPercent = isPercent
            self.isMoney = isMoney
            self.endsClause = endsClause
            figure = number == nil && written == text ? nil : Figure(number: number, written: written, currencyName: nil)
        }

        /// Its value when it is a number ("1,200" → 1200, "12%" → 12, "nine" → 9).
        package var number: Double? { figure?.number }
        /// As written, currency sign kept ("$42m"); a number word in digits ("23"); else `text`.
        var written: String { figure?.written ?? text }
        /// The currency's name written after the amount ("euros" of "1.4 bln euros"), if any.
        var currencyName: String? { figure?.currencyName }
        package var isCapitalized: Bool { text.first?.isUppercase ?? false }

        /// Whether the word belongs to `wordClass` (`WordClasses`).
        package func isIn(_ wordClass: WordClass) -> Bool { wordClass.contains(lowered, stem: stem) }

        /// Reads the word as an amount of `number` in the currency named after it ("412m zloty").
        mutating func markAmount(_ number: Double, currencyName: String) {
            isMoney = true
            figure = Figure(number: number, written: text, currencyName: currencyName)
        }
    }

    private(set) var words: [Word]

    /// `FactWords(sentence).words`.
    static func words(of sentence: String) -> [Word] { FactWords(sentence).words }

    /// Multipliers money is abbreviated with: "$42m", "\u{20AC}1.2bn".
    private static let moneySuffixes: [(suffix: String, scale: Double)] = [
        ("bn", 1e9), ("tn", 1e12), ("m", 1e6), ("b", 1e9), ("k", 1e3),
    ]

    init(_ sentence: String) {
        words = sentence.split(whereSeparator: \.isWhitespace).compactMap { raw in
            let endsClause = raw.last.map { ",;:\u{2014}".contains($0) } ?? false || raw == "-" || raw == "--"
            let stripped = Self.trimming(raw) { Self.isPunctuation($0) && $0 != "%" && $0 != "$" }
            let withoutUS = stripped.hasPrefix("US$") ? String(stripped.dropFirst(3)) : stripped
            let core = Self.trimming(Substring(withoutUS)) { $0 == "$" || $0 == "\u{00A3}" || $0 == "\u{20AC}" }
            guard !core.isEmpty else { return nil }
            let isMoney = core != stripped
            let isPercent = core.hasSuffix("%")
            let digits = core.utf8.contains(where: { $0 == 0x2C || $0 == 0x25 }) ? core.filter { $0 != "," && $0 != "%" } : core
            let lowered = core.lowercased()
            let startsLikeNumber = digits.unicodeScalars.first.map { ("0"..."9").contains($0) || $0 == "." || $0 == "-" } ?? false
            let spelled = startsLikeNumber ? nil : NumberWords.value(lowered)
            let number = (startsLikeNumber ? Self.newsFigure(digits) : nil) ?? spelled.map(Double.init)
                ?? (isMoney ? Self.abbreviatedAmount(digits) : nil)
            // A number word is quoted back in digits: "reports 23", not "reports Twenty-three".
            let stem = number == nil ? Stemmer.stem(lowered) : ""
            return Word(text: core, lowered: lowered, stem: stem, number: number, isPercent: isPercent,
                        written: isMoney ? stripped : spelled.map(String.init) ?? core, isMoney: isMoney, endsClause: endsClause)
        }
        markAmountsBeforeCurrencyNames()
    }

    /// Currencies written as words after the amount, as wires write them ("1.4 bln euros", "412m zloty",
    /// "45 million dollars"), so a deal price of €1.2bn against 1.4 bln euros is read as a dispute.
    /// Not "pound" ("a 2,000 pound bomb", "pounds of cocaine"): sterling is written "£" in the wires.
    static let currencyNames: Set<String> = WordClass.currencyName.forms
    /// Currency names that are names too ("Rand Paul", "Leone", "Dong Nai"): only as written in lower case.
    private static let lowerCaseOnlyCurrencies: Set<String> = WordClass.lowerCaseOnlyCurrency.forms

    /// Whether `word` names a currency as an amount's unit.
    static func isCurrencyName(_ word: Word) -> Bool {
        currencyNames.contains(word.lowered) && (!lowerCaseOnlyCurrencies.contains(word.lowered) || word.text == word.lowered)
    }

    private mutating func markAmountsBeforeCurrencyNames() {
        for index in words.indices where !words[index].isMoney && !words[index].isPercent && !words[index].endsClause {
            var currency = index + 1
            if currency < words.count, SubjectFigures.multipliers[words[currency].lowered] != nil, !words[currency].endsClause {
                currency += 1
            }
            guard currency < words.count, Self.isCurrencyName(words[currency]) else { continue }
            // "412m zloty": the abbreviation a currency sign would have allowed.
            guard let number = words[index].number ?? Self.abbreviatedAmount(words[index].text) else { continue }
            // As an amount is told: "a 2.8 billion dollar deal" gives 2.8 billion dollars (a conflict line
            // must not read "…reports 2.8 billion dollar."); "412m zloty" stays as written.
            let plural = words[currency].text + "s"
            let qualifiesNoun = !words[currency].endsClause && currency + 1 < words.count && words[currency + 1].number == nil
            words[index].markAmount(number, currencyName: qualifiesNoun && Self.currencyNames.contains(plural.lowercased())
                                    ? plural : words[currency].text)
        }
    }

    /// Unicode punctuation (general category P*), what `CharacterSet.punctuationCharacters` holds,
    /// tested without Foundation: this runs for every word of every report of a story.
    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x21...0x2F).contains(value) && value != 0x24 && value != 0x2B
                || (0x3A...0x40).contains(value) && value != 0x3C && value != 0x3D && value != 0x3E
                || (0x5B...0x60).contains(value) && value != 0x5E && value != 0x60
                || value == 0x7B || value == 0x7D
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// `text` without leading and trailing scalars for which `drop` holds.
    private static func trimming(_ text: Substring, where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }

    /// "42m" → 42,000,000; only for amounts written with a currency sign, where the suffix
    /// cannot be a unit such as metres.
    private static func abbreviatedAmount(_ text: String) -> Double? {
        let lowered = text.lowercased()
        for (suffix, scale) in moneySuffixes where lowered.hasSuffix(suffix) {
            if let value = newsFigure(lowered.dropLast(suffix.count)) { return value * scale }
        }
        return nil
    }

    /// The most significant digits a figure may have: more is no figure a newsroom writes, and
    /// with the largest multiplier ("trillion") it stays far inside `Double`'s finite range.
    static let maximumFigureDigits = 15

    /// A number as news writes it: digits with an optional sign and decimal point, at most
    /// `maximumFigureDigits` of them. Feed text is untrusted, so exponents ("1e308"), "inf",
    /// "nan" and 300-digit numbers are words, not figures.
    private static func newsFigure<Text: StringProtocol>(_ text: Text) -> Double? {
        var digitCount = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": digitCount += 1
            case ".", "-": continue
            default: return nil
            }
        }
        guard digitCount > 0, digitCount <= maximumFigureDigits else { return nil }
        return Double(String(text))
    }

    /// When the run of capitalised words starting at `start` follows "of" or "of the", the index
    /// of that "of": "Ousman Darboe of the United Democratic Party" makes the party an affiliation
    /// of the name before "of" (callers decide what stands there). Up to two lower-case words may
    /// describe the party: "Chanida Wongsuwan of the reformist People's Future Party" (the winner,
    /// not the party, so the outlets' dispute over who won is seen).
    package static func affiliationOf(runStartingAt start: Int, in words: [Word]) -> Int? {
        var before = start - 1
        while before >= 0, start - 1 - before < 2, !words[before].isCapitalized, !words[before].endsClause,
              !affiliationWords.contains(words[before].lowered), words[before].number == nil {
            before -= 1
        }
        guard before >= 0 else { return nil }
        return WordClass.affiliationLead.phraseStart(endingAt: before, in: words.lazy.map(\.lowered))
    }

    /// The words of `WordClass.affiliationLead` ("of", "the"): the describing words before a party stop at them.
    private static let affiliationWords = Set(WordClass.affiliationLead.forms.flatMap { $0.split(separator: " ").map(String.init) })
}
