import Foundation

/// Folds text so that spellings a reader takes for the same word compare equal: compatibility
/// decomposition (NFKD: full-width letters, ligatures, superscripts), no diacritics, no invisible
/// format characters (zero-width spaces hide words from a plain match), lower case, and the
/// letters NFKD leaves whole mapped by hand (ß → ss, ł → l, µ → u so that "µg" reads "ug").
enum GateFolding {
    static func fold(_ text: String) -> String {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        if isASCII { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format: continue
            default: break
            }
            if let replacement = handMapped[scalar] {
                folded.append(contentsOf: replacement.unicodeScalars)
            } else {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(folded)
    }

    private static let handMapped: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae",
        "œ": "oe", "Œ": "oe", "đ": "d", "Đ": "d", "ı": "i", "µ": "u", "μ": "u", "ſ": "s",
    ]
}
