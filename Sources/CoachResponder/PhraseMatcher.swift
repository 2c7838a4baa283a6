import Foundation

/// Finds vocabulary phrases in a question the way people type them: case, accents and
/// punctuation ignored, small typos forgiven, word endings free where the phrase says so.
///
/// A phrase is words separated by spaces. `word*` matches any word starting with `word`
/// (inflections: `krok*` matches "kroków"); `#` matches a number; a lone `*` matches any one
/// word. Words of five letters or more also match at edit distance 1 (eight or more: 2), so
/// "stpes", "wieght" and "blod presure" still read as steps, weight and blood pressure.
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

    /// Whether any of `phrases` occurs.
    public func contains(any phrases: [String]) -> Bool {
        phrases.contains { firstMatch(of: $0) != nil }
    }

    /// The word index where `phrase` first occurs, or nil.
    public func firstMatch(of phrase: String) -> Int? {
        let pattern = phrase.split(separator: " ").map(String.init).map { part -> String in
            part.hasSuffix("*") && part.count > 1 ? Self.tokens(String(part.dropLast())).joined() + "*" : (part == "*" || part == "#" ? part : Self.tokens(part).joined())
        }
        guard !pattern.isEmpty, pattern.count <= words.count else { return nil }
        for start in 0...(words.count - pattern.count)
        where zip(pattern, words[start..<start + pattern.count]).allSatisfy({ Self.word($1, matches: $0) }) {
            return start
        }
        return nil
    }

    /// The numbers in the question, in order.
    public var numbers: [Double] { words.compactMap(Double.init) }

    static func word(_ word: String, matches part: String) -> Bool {
        if part == "*" { return true }
        if part == "#" { return Double(word) != nil }
        if part.hasSuffix("*") {
            let stem = String(part.dropLast())
            if word.hasPrefix(stem) { return true }
            return stem.count >= 5 && word.count >= stem.count && Self.distance(String(word.prefix(stem.count)), stem) <= 1
        }
        if word == part { return true }
        guard part.count >= 5, Double(word) == nil else { return false }
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
