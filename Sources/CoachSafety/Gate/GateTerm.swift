import Foundation

/// One word of a vocabulary term as written in a vocabulary file: a word ("dose"), a stem
/// ("erhöh*": erhöhen, erhöht), an ending ("*spiegel": Talspiegel, Blutspiegel), a part of a
/// compound ("*konzentration*"), or "~", a gap of up to four words.
enum WordPattern: Hashable, Sendable {
    case word(String)
    case prefix(String)
    case suffix(String)
    case infix(String)
    case gap

    static let longestGap = 4

    func matches(_ token: String) -> Bool {
        switch self {
        case .word(let word): return token == word
        case .prefix(let stem): return token.hasPrefix(stem)
        case .suffix(let ending): return token.hasSuffix(ending)
        case .infix(let part): return token.contains(part)
        case .gap: return true
        }
    }
}

/// A term of one class: its words in order, and for a drug the name a refusal repeats.
struct GateTerm: Sendable {
    let termClass: TermClass
    let words: [WordPattern]
    let display: String?

    /// Reads an entry of a vocabulary file. Its words are folded and split exactly as a message
    /// is, so "GLP-1", "demi-vie" or "l'effet" match what a user types. A drug entry may name
    /// its display form after " => " ("ozempi* => Ozempic"); otherwise the entry is its name.
    init?(entry: String, termClass: TermClass) {
        let sides = entry.components(separatedBy: " => ")
        var words: [WordPattern] = []
        for piece in sides[0].split(separator: " ") {
            if piece == "~" {
                words.append(.gap)
                continue
            }
            let leading = piece.hasPrefix("*"), trailing = piece.hasSuffix("*")
            let core = piece.trimmingCharacters(in: CharacterSet(charactersIn: "*"))
            let parts = TokenizedText(folded: GateFolding.fold(core)).tokens.map(\.text)
            for (offset, part) in parts.enumerated() {
                let first = offset == 0, last = offset == parts.count - 1
                if leading, trailing, parts.count == 1 {
                    words.append(.infix(part))
                } else if trailing, last {
                    words.append(.prefix(part))
                } else if leading, first {
                    words.append(.suffix(part))
                } else {
                    words.append(.word(part))
                }
            }
        }
        guard let head = words.first, head != .gap, words.last != .gap else { return nil }
        self.termClass = termClass
        self.words = words
        let namesDrug = termClass == .glp1Drug || termClass == .otherDrug || termClass == .substance
        display = sides.count > 1 ? sides[1].trimmingCharacters(in: .whitespaces)
            : namesDrug ? sides[0].trimmingCharacters(in: .whitespaces) : nil
    }

    /// The end (exclusive) of this term when it starts at `start`, or nil. Terms stay within
    /// their sentence.
    func match(in tokens: [GateToken], at start: Int) -> Int? {
        match(tokens, from: start, pattern: 0, sentence: tokens[start].sentence)
    }

    private func match(_ tokens: [GateToken], from index: Int, pattern: Int, sentence: Int) -> Int? {
        if pattern == words.count { return index }
        if words[pattern] == .gap {
            for skip in 0...WordPattern.longestGap {
                if let end = match(tokens, from: index + skip, pattern: pattern + 1, sentence: sentence) { return end }
                if index + skip >= tokens.count || tokens[index + skip].sentence != sentence { break }
            }
            return nil
        }
        guard index < tokens.count, tokens[index].sentence == sentence, words[pattern].matches(tokens[index].text) else {
            return nil
        }
        return match(tokens, from: index + 1, pattern: pattern + 1, sentence: sentence)
    }
}
