import Foundation

/// Finds vocabulary phrases in a question the way people type them: case, accents and
/// punctuation ignored, small typos forgiven, word endings free where the phrase says so.
///
/// A phrase is words separated by spaces. `word*` matches any word starting with `word`
/// (inflections: `krok*` matches "kroków"); `#` matches a number, `#.` a day of the month as
/// written ("3", "3rd", "1er", "12."); a lone `*` matches any one
/// word; an apostrophe or hyphen splits a phrase's word as it splits the question's
/// ("dell'iniezione" is two words). Words of five letters or more also match at edit distance
/// 1 (eight or more: 2), so "stpes", "wieght" and "blod presure" still read as steps, weight and
/// blood pressure.
public struct PhraseMatcher: Sendable {
    public let words: [String]

    public init(_ text: String) {
        words = Self.tokens(text)
    }

    /// Lower-cased, diacritics removed (ł → l, ß → ss), split at anything but letters and digits;
    /// a decimal comma or point between digits stays inside the number.
    public static func tokens(_ text: String) -> [String] {
        let folded = text.replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ł", with: "l")
            .replacingOccurrences(of: "Ł", with: "l")
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var tokens: [String] = [], current = ""
        let characters = Array(folded)
        for (index, character) in characters.enumerated() {
            let betweenDigits = (character == "," || character == ".") && index > 0 && index + 1 < characters.count
                && characters[index - 1].isNumber && characters[index + 1].isNumber
            if character.isLetter || character.isNumber || betweenDigits {
                current.append(character == "," ? "." : character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Whether any of `phrases` occurs; with `typos: false` only as written (no edit distance),
    /// for words one letter apart that name different things ("junio", "julio").
    public func contains(any phrases: [String], typos: Bool = true) -> Bool {
        phrases.contains { firstMatch(of: $0, typos: typos) != nil }
    }

    /// The number of words of the longest of `phrases` that occurs, or nil when none does: a
    /// longer phrase is the more specific reading ("registrare una dose saltata" is about a
    /// skipped dose, not any dose).
    public func longestMatch(among phrases: [String], typos: Bool = true) -> Int? {
        phrases.filter { firstMatch(of: $0, typos: typos) != nil }.map { Self.pattern($0).count }.max()
    }

    /// A phrase's words as the question's are split: a part with an apostrophe or hyphen
    /// ("dell'iniezione", "j'ai", "Blutdruck-Werte") becomes the words the question shows.
    static func pattern(_ phrase: String) -> [String] {
        phrase.split(separator: " ").map(String.init).flatMap { part -> [String] in
            if part == "*" || part == "#" || part == ordinalSlot { return [part] }
            guard part.hasSuffix("*") else { return Self.tokens(part) }
            let words = Self.tokens(String(part.dropLast()))
            return words.dropLast() + words.suffix(1).map { $0 + "*" }
        }
    }

    /// The phrase word that matches a day of the month, written with or without an ordinal ending.
    static let ordinalSlot = "#."

    /// The word index where `phrase` first occurs, or nil.
    public func firstMatch(of phrase: String, typos: Bool = true) -> Int? {
        let pattern = Self.pattern(phrase)
        guard !pattern.isEmpty, pattern.count <= words.count else { return nil }
        for start in 0...(words.count - pattern.count)
        where zip(pattern, words[start..<start + pattern.count]).allSatisfy({ Self.word($1, matches: $0, typos: typos) }) {
            return start
        }
        return nil
    }

    /// The word just after a phrase's number slot where the phrase occurs ("mg" in "on 5 mg"), or nil.
    public func wordAfterNumber(of phrase: String) -> String? {
        let pattern = Self.pattern(phrase)
        guard let slot = pattern.firstIndex(where: { $0 == "#" || $0 == Self.ordinalSlot }), let start = firstMatch(of: phrase) else { return nil }
        let index = start + slot + 1
        return index < words.count ? words[index] : nil
    }

    /// The quantity at a phrase's `#` where the phrase occurs ("over # steps" in "over 8,000
    /// steps" → 8000): thousands may be grouped with a point, comma or space, or written `10k`.
    public func number(at phrase: String) -> Double? {
        let pattern = Self.pattern(phrase)
        guard let slot = pattern.firstIndex(where: { $0 == "#" || $0 == Self.ordinalSlot }), let start = firstMatch(of: phrase) else { return nil }
        let index = start + slot, word = words[index]
        if pattern[slot] == Self.ordinalSlot { return Self.ordinal(word) }
        if word.hasSuffix("k"), let thousands = Self.number(String(word.dropLast())) { return thousands * 1000 }
        guard let value = Self.number(word) else { return nil }
        if let fraction = word.split(separator: ".").dropFirst().first, fraction.count == 3 { return value * 1000 }
        if index + 1 < words.count, words[index + 1].count == 3, let rest = Self.number(words[index + 1]), value == value.rounded() {
            return value * 1000 + rest
        }
        return value
    }

    /// The numbers in the question, in order.
    public var numbers: [Double] { words.compactMap(Self.number) }

    /// A word written as a number: ASCII digits with at most one decimal point. Words `Double`
    /// would also read ("nan", "inf", "1e400", "0x1p3") are words, not numbers.
    static func number(_ word: String) -> Double? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) else { return nil }
        return Double(word).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A day of the month as written: one or two digits, then at most two letters ("3rd", "1er").
    static func ordinal(_ word: String) -> Double? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count), word.count - digits.count <= 2, word.dropFirst(digits.count).allSatisfy(\.isLetter) else { return nil }
        return Double(digits)
    }

    static func word(_ word: String, matches part: String, typos: Bool = true) -> Bool {
        if part == "*" { return true }
        if part == ordinalSlot { return Self.ordinal(word) != nil }
        if part == "#" { return Self.number(word) != nil || (word.hasSuffix("k") && Self.number(String(word.dropLast())) != nil) }
        if part.hasSuffix("*") {
            let stem = String(part.dropLast())
            if word.hasPrefix(stem) { return true }
            return typos && stem.count >= 5 && word.count >= stem.count && Self.distance(String(word.prefix(stem.count)), stem) <= 1
        }
        if word == part { return true }
        guard typos, part.count >= 5, Self.number(word) == nil else { return false }
        return Self.distance(word, part) <= (part.count >= 8 ? 2 : 1)
    }

    /// Damerau–Levenshtein distance (adjacent transpositions count once), stopping early past 2.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > 2 { return 3 }
        var previousRow = [Int](0...b.count), row = [Int](repeating: 0, count: b.count + 1), beforeRow = previousRow
        for i in 1...max(a.count, 1) where !a.isEmpty {
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], beforeRow[j - 2] + 1) }
            }
            (beforeRow, previousRow) = (previousRow, row)
        }
        return a.isEmpty ? b.count : (b.isEmpty ? a.count : previousRow[b.count])
    }
}
