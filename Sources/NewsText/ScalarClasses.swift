/// Character classes for reading news text (tokens, entities) with an ASCII fast path: Unicode
/// property lookups are the bulk of the cost of reading an article, and most news text is ASCII.
enum ScalarClasses {
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A)
        }
        return scalar.properties.isAlphabetic
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value >= 0x30 && scalar.value <= 0x39) : scalar.properties.numericType != nil
    }

    static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value >= 0x41 && scalar.value <= 0x5A) : scalar.properties.isUppercase
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r") : scalar.properties.isWhitespace
    }
}
