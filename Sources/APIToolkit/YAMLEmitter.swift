/// Writes a `JSONValue` as block-style YAML that YAML 1.1 and 1.2 parsers read back as the same
/// JSON: keys in insertion order, two-space indentation.
///
/// A string is written plain only when it is an identifier-like token that no YAML version can
/// mistake for something else (`date-time`, `application/json`, `$ref`); everything else —
/// `"3.1.0"`, `"200"`, `"true"`, `"no"`, `"#/components/…"`, `""`, text with spaces — is
/// double-quoted. Floats always carry a `.` so YAML 1.1 does not read `1e-05` as a string.
public enum YAMLEmitter {
    public static func emit(_ value: JSONValue) -> String {
        var output = ""
        switch value {
        case .object(let object) where !object.isEmpty:
            writeMapping(object, indent: 0, firstLineIndented: true, into: &output)
        case .array(let elements) where !elements.isEmpty:
            writeSequence(elements, indent: 0, into: &output)
        default:
            output += scalar(value) + "\n"
        }
        return output
    }

    private static func writeMapping(_ object: JSONObject, indent: Int, firstLineIndented: Bool, into output: inout String) {
        for (offset, member) in object.members.enumerated() {
            if offset > 0 || firstLineIndented { output += String(repeating: " ", count: indent) }
            output += string(member.key) + ":"
            writeNested(member.value, indent: indent + 2, into: &output)
        }
    }

    private static func writeSequence(_ elements: [JSONValue], indent: Int, into output: inout String) {
        for element in elements {
            output += String(repeating: " ", count: indent) + "-"
            switch element {
            case .object(let object) where !object.isEmpty:
                output += " "
                writeMapping(object, indent: indent + 2, firstLineIndented: false, into: &output)
            default:
                writeNested(element, indent: indent + 2, into: &output)
            }
        }
    }

    /// The rest of a line after `key:` or `-`: a scalar on the same line, or a block below.
    private static func writeNested(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value {
        case .object(let object) where !object.isEmpty:
            output += "\n"
            writeMapping(object, indent: indent, firstLineIndented: true, into: &output)
        case .array(let elements) where !elements.isEmpty:
            output += "\n"
            writeSequence(elements, indent: indent, into: &output)
        default:
            output += " " + scalar(value) + "\n"
        }
    }

    private static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .integer(let integer): String(integer)
        case .number(let number): float(number)
        case .string(let text): string(text)
        case .array: "[]"
        case .object: "{}"
        }
    }

    private static func float(_ number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.inf" : ".inf" }
        let text = number.description
        guard !text.contains("."), let exponent = text.firstIndex(of: "e") else { return text }
        return text[..<exponent] + ".0" + text[exponent...]
    }

    static func string(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// Words YAML 1.1 resolves to booleans or null when unquoted (matched case-insensitively).
    private static let reservedWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null"]

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "$"),
              !reservedWords.contains(text.lowercased()) else { return false }
        return text.utf8.allSatisfy { byte in
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "_$./-".utf8.contains(byte)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            case "\u{FEFF}": result += "\\uFEFF"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
