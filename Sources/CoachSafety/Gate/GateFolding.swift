import Foundation

/// Folds text so that spellings a reader takes for the same word compare equal: compatibility
/// decomposition (NFKD: full-width letters, ligatures, superscripts), no diacritics, no invisible
/// format characters (zero-width spaces hide words from a plain match), lower case, and the
/// letters NFKD leaves whole mapped by hand (ß → ss, ł → l, µ → u so that "µg" reads "ug"; Cyrillic and
/// Greek look-alikes to the Latin letter they imitate).
/// Each character folds on its own, so the folds of the Latin, combining-mark, Greek and
/// full-width blocks are computed once and looked up.
enum GateFolding {
    static func fold(_ text: String) -> String {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 65...90: folded.append(UInt8(scalar.value + 32))
            case 0..<128: folded.append(UInt8(scalar.value))
            default: folded.append(contentsOf: (precomputed[scalar] ?? fold(scalar)).utf8)
            }
        }
        return String(decoding: folded, as: UTF8.self)
    }

    private static func fold(_ scalar: Unicode.Scalar) -> String {
        var folded = ""
        for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
            switch part.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format: continue
            default: break
            }
            folded += handMapped[part] ?? part.properties.lowercaseMapping
        }
        return folded
    }

    private static let precomputed: [Unicode.Scalar: String] = {
        let blocks: [ClosedRange<UInt32>] = [0x80...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x1E00...0x1EFF, 0x2000...0x206F, 0xFF00...0xFF5E]
        var table: [Unicode.Scalar: String] = [:]
        for value in blocks.joined() {
            if let scalar = Unicode.Scalar(value) { table[scalar] = fold(scalar) }
        }
        return table
    }()

    private static let handMapped: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae",
        "œ": "oe", "Œ": "oe", "đ": "d", "Đ": "d", "ı": "i", "µ": "u", "μ": "u", "ſ": "s",
        // Cyrillic and Greek letters that look like Latin ones ("ignоre" with a Cyrillic о).
        "а": "a", "А": "a", "в": "b", "В": "b", "е": "e", "Е": "e", "ѕ": "s", "Ѕ": "s", "і": "i", "І": "i", "ј": "j",
        "Ј": "j", "к": "k", "К": "k", "м": "m", "М": "m", "н": "h", "Н": "h", "о": "o", "О": "o", "р": "p", "Р": "p",
        "с": "c", "С": "c", "т": "t", "Т": "t", "у": "y", "У": "y", "х": "x", "Х": "x", "ԁ": "d",
        "ο": "o", "Ο": "o", "α": "a", "Α": "a", "ε": "e", "Ε": "e", "ι": "i", "Ι": "i", "κ": "k", "Κ": "k", "ρ": "p",
        "Ρ": "p", "τ": "t", "Τ": "t", "χ": "x", "Χ": "x", "Β": "b", "Μ": "m", "Η": "h", "Ν": "n", "Ζ": "z", "Υ": "y",
    ]
}
