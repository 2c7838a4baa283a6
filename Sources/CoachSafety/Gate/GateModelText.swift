import Foundation

/// How the trained classifier reads a message, scalar for scalar as the Python model that trained it
/// (`eval/coach-gate-model/model.py` and scikit-learn's `TfidfVectorizer`): Python's `str.lower()`, the
/// letters NFKD leaves whole folded by hand, NFKD, combining marks dropped, lower case again (the
/// vectoriser's own); then character 2–5-grams inside space-padded words (`char_wb`) and word 1–2-grams of
/// `(?u)\b\w+\b` tokens. Lengths count Unicode scalars, as Python counts code points.
/// This is not `GateFolding`, which also reads look-alike letters: the model learnt from this folding.
enum GateModelText {
    static func fold(_ text: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in pythonLower(text).unicodeScalars {
            if let replacement = handFolded[scalar] { mapped.append(contentsOf: replacement.unicodeScalars) } else { mapped.append(scalar) }
        }
        var kept = String.UnicodeScalarView()
        for scalar in String(mapped).decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.canonicalCombiningClass.rawValue == 0 {
            kept.append(scalar)
        }
        return pythonLower(String(kept))
    }

    /// `char_wb` n-grams: each whitespace-separated word padded with one space either side; a word no
    /// longer than n (padding included) gives one n-gram and no longer ones.
    static func characterGrams(_ folded: String) -> [String] {
        var grams: [String] = []
        for word in words(folded) {
            let padded: [Unicode.Scalar] = [" "] + word + [" "]
            for n in 2...5 {
                for offset in 0...max(0, padded.count - n) {
                    grams.append(string(padded[offset..<min(offset + n, padded.count)]))
                }
                if padded.count <= n { break }
            }
        }
        return grams
    }

    /// Word unigrams and bigrams (joined by a space) of the runs of word scalars.
    static func wordGrams(_ folded: String) -> [String] {
        var tokens: [String] = [], current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if isWordScalar(scalar) { current.append(scalar); continue }
            if !current.isEmpty { tokens.append(String(current)); current = String.UnicodeScalarView() }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens + zip(tokens, tokens.dropFirst()).map { "\($0) \($1)" }
    }

    private static let handFolded: [Unicode.Scalar: String] = ["ł": "l", "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d"]

    /// Python's white space (`str.isspace()`, regular expressions' `\s`): Unicode White_Space and the ASCII
    /// separators 0x1C–0x1F.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
    }

    /// Python's `str.split()`: runs of white space.
    private static func words(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = [], current: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                if !current.isEmpty { words.append(current); current = [] }
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Python's `\w`: a letter, anything with a numeric value, or the underscore.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar.properties.numericType != nil { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Python's `str.lower()`: full lower-case mappings, and a capital sigma that ends a word becomes ς.
    static func pythonLower(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var lowered = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\u{3A3}" {
                lowered.append(isFinalSigma(at: index, in: scalars) ? "\u{3C2}" : "\u{3C3}")
            } else if scalar.isASCII {
                lowered.append(scalar.properties.isUppercase ? Unicode.Scalar(scalar.value + 32)! : scalar)
            } else {
                lowered.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(lowered)
    }

    /// Unicode's Final_Sigma context: a cased letter before (case-ignorable scalars skipped) and none after.
    private static func isFinalSigma(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let before = scalars[..<index].last { !$0.properties.isCaseIgnorable }
        guard before?.properties.isCased == true else { return false }
        let after = scalars[(index + 1)...].first { !$0.properties.isCaseIgnorable }
        return after?.properties.isCased != true
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
