/// The units the trained classifier reads a message in, scalar for scalar as `eval/coach-gate-model/clauses.py`
/// (`docs/healthlog/coach-gate.md`, "The trained classifier"): the message's sentences and clauses, then the
/// whole message. A unit ends at a sentence end (`.` `!` `?` `…` followed by white space), a run of line breaks
/// or a semicolon; a clause joiner of any locale (the model file's `joiners` line: "but", "aber", "du coup")
/// opens a new unit when no word scalar touches it on either side. Units are stripped of white space; empty ones
/// are dropped, repeated ones kept once, and a unit equal to the whole message gives way to the message itself.
struct GateModelClauses: Sendable {
    /// The joiners by their first scalar, lower case.
    private let joiners: [Unicode.Scalar: [[Unicode.Scalar]]]

    init(joiners: [String]) {
        self.joiners = Dictionary(grouping: joiners.map { Array($0.unicodeScalars) }.filter { !$0.isEmpty }) { $0[0] }
    }

    func units(_ message: String) -> [String] {
        let scalars = Array(message.unicodeScalars)
        var found: [ArraySlice<Unicode.Scalar>] = []
        for piece in pieces(scalars[...]) {
            for clause in clauses(piece) {
                let unit = Self.stripped(clause)
                if !unit.isEmpty, !found.contains(where: { $0.elementsEqual(unit) }) { found.append(unit) }
            }
        }
        let whole = Self.stripped(scalars[...])
        return found.filter { !$0.elementsEqual(whole) }.map(GateModelText.string) + [message]
    }

    /// The text between sentence ends, line breaks and semicolons.
    private func pieces(_ text: ArraySlice<Unicode.Scalar>) -> [ArraySlice<Unicode.Scalar>] {
        var pieces: [ArraySlice<Unicode.Scalar>] = [], start = text.startIndex, index = text.startIndex
        while index < text.endIndex {
            var end = index
            if index > text.startIndex, Self.sentenceEnds.contains(text[index - 1]), GateModelText.isSpace(text[index]) {
                while end < text.endIndex, GateModelText.isSpace(text[end]) { end += 1 }
            } else if Self.lineBreaks.contains(text[index]) {
                while end < text.endIndex, Self.lineBreaks.contains(text[end]) { end += 1 }
            } else if text[index] == ";" {
                end += 1
            }
            if end > index {
                pieces.append(text[start..<index])
                start = end
                index = end
            } else {
                index += 1
            }
        }
        pieces.append(text[start...])
        return pieces
    }

    /// The piece cut before every joiner that stands as a word of its own.
    private func clauses(_ piece: ArraySlice<Unicode.Scalar>) -> [ArraySlice<Unicode.Scalar>] {
        var clauses: [ArraySlice<Unicode.Scalar>] = [], start = piece.startIndex
        for index in piece.indices where index > start && opensClause(piece, at: index) {
            clauses.append(piece[start..<index])
            start = index
        }
        clauses.append(piece[start...])
        return clauses
    }

    private func opensClause(_ piece: ArraySlice<Unicode.Scalar>, at index: Int) -> Bool {
        guard index == piece.startIndex || !GateModelText.isWordScalar(piece[index - 1]),
              let candidates = joiners[Self.lowered(piece[index])] else { return false }
        return candidates.contains { joiner in
            let end = index + joiner.count
            guard end <= piece.endIndex, zip(piece[index..<end], joiner).allSatisfy({ Self.lowered($0) == $1 }) else { return false }
            return end == piece.endIndex || !GateModelText.isWordScalar(piece[end])
        }
    }

    private static let sentenceEnds: Set<Unicode.Scalar> = [".", "!", "?", "…"]
    private static let lineBreaks: Set<Unicode.Scalar> = ["\r", "\n"]

    /// Python's case-insensitive match compares simple lower-case mappings: the first scalar of the full one.
    private static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    /// Python's `str.strip()`.
    private static func stripped(_ text: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        guard let first = text.firstIndex(where: { !GateModelText.isSpace($0) }),
              let last = text.lastIndex(where: { !GateModelText.isSpace($0) }) else { return [] }
        return text[first...last]
    }
}
