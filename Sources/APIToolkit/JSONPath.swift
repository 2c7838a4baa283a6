/// One step into a JSON document: an object key or an array index.
public enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

/// Renders paths the way our error envelopes report them: `entries[3].startDate`.
///
/// Keys that are not plain identifiers are written in brackets as JSON strings (`meta["a.b"]`) so
/// a path is never ambiguous; the root of the document renders as the empty string.
public enum JSONPath {
    public static func render(_ components: some Sequence<JSONPathComponent>) -> String {
        var result = ""
        for component in components {
            switch component {
            case .index(let index):
                result += "[\(index)]"
            case .key(let key) where isPlainIdentifier(key):
                if !result.isEmpty { result += "." }
                result += key
            case .key(let key):
                result += "[" + quoted(key) + "]"
            }
        }
        return result
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first) else { return false }
        return key.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func quoted(_ key: String) -> String {
        var writer = JSONWriter(layout: .compact)
        writer.writeString(key)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
