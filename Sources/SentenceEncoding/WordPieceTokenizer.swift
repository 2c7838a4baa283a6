import Foundation

/// BERT's uncased WordPiece tokenizer, as the encoder was trained with it: control characters
/// dropped, CJK ideographs set apart, accents stripped, lower-cased, split at white space and
/// punctuation, then each word cut into the longest pieces the vocabulary has ("##" marks a
/// piece that continues a word). A word with no such cut, or longer than 100 characters, is
/// `[UNK]`. Tests compare its ids with the reference tokenizer's on news text.
public struct WordPieceTokenizer: Sendable {
    public static let maxCharactersPerWord = 100
    private let vocabulary: [String: Int32]
    /// One more than the largest id: the rows the encoder's embedding table must have.
    public let vocabularySize: Int
    public let classifyID: Int32
    public let separatorID: Int32
    public let unknownID: Int32

    /// `vocabulary`: one token per line, its id the line's index (the encoder's `vocab.txt`).
    public init(vocabulary text: String) throws {
        var vocabulary: [String: Int32] = [:]
        for (index, token) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !token.isEmpty {
            vocabulary[String(token)] = Int32(index)
        }
        guard let classify = vocabulary["[CLS]"], let separator = vocabulary["[SEP]"], let unknown = vocabulary["[UNK]"] else {
            throw EncoderWeights.FormatError(reason: "the vocabulary lacks [CLS], [SEP] or [UNK]")
        }
        self.vocabulary = vocabulary
        vocabularySize = Int(vocabulary.values.max() ?? 0) + 1
        classifyID = classify
        separatorID = separator
        unknownID = unknown
    }

    /// `[CLS]`, the text's pieces (at most `maxTokens` − 2 of them), `[SEP]`.
    public func ids(_ text: String, maxTokens: Int) -> [Int32] {
        var ids: [Int32] = [classifyID]
        for word in Self.words(text) {
            ids += pieces(word)
            if ids.count >= maxTokens - 1 { break }
        }
        return Array(ids.prefix(maxTokens - 1)) + [separatorID]
    }

    /// The normalised text split at white space and punctuation (each punctuation mark a word).
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        func finish() {
            if !current.isEmpty { words.append(current) }
            current = []
        }
        for scalar in normalised(text) {
            if scalar == " " {
                finish()
            } else if isPunctuation(scalar) || isIdeograph(scalar) {
                finish()
                words.append([scalar])
            } else {
                current.append(scalar)
            }
        }
        finish()
        return words
    }

    /// Control characters dropped, white space made a plain space, accents stripped (canonical
    /// decomposition, then combining marks removed), lower-cased.
    private static func normalised(_ text: String) -> [Unicode.Scalar] {
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value == 0 || scalar.value == 0xFFFD { continue }
            if isWhitespace(scalar) {
                cleaned.append(" ")
            } else if !isControl(scalar) {
                cleaned.append(scalar)
            }
        }
        let decomposed = String(cleaned).decomposedStringWithCanonicalMapping.lowercased()
        return decomposed.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.generalCategory == .spaceSeparator
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    /// ASCII symbols count as punctuation too ("$", "+", "^"), as in BERT.
    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (33...47).contains(value) || (58...64).contains(value) || (91...96).contains(value) || (123...126).contains(value) {
            return true
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    private static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        let ranges: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
                                             0x2B740...0x2B81F, 0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F]
        return ranges.contains { $0.contains(scalar.value) }
    }

    /// Greedy longest-first pieces of one word, or `[UNK]` when some part has no piece.
    private func pieces(_ word: [Unicode.Scalar]) -> [Int32] {
        guard word.count <= Self.maxCharactersPerWord else { return [unknownID] }
        var ids: [Int32] = []
        var start = 0
        while start < word.count {
            var end = word.count
            var found: Int32?
            while end > start {
                var piece = start > 0 ? "##" : ""
                piece.unicodeScalars.append(contentsOf: word[start..<end])
                if let id = vocabulary[piece] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let found else { return [unknownID] }
            ids.append(found)
            start = end
        }
        return ids
    }
}
