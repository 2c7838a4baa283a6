import Foundation

/// A strict RFC 8259 parser for request bodies.
///
/// Strict because whatever we accept, we must also store and later re-emit to strict iOS decoders:
/// no trailing commas, comments, BOM, leading zeros, NaN, lone surrogates, invalid UTF-8 or
/// duplicate keys (which JSON.parse would silently resolve to the last one). Nesting is bounded so
/// a hostile body cannot exhaust the stack. Every failure carries the byte offset.
public enum JSONParser {
    public static let defaultMaxDepth = 64

    public static func parse(_ bytes: some ContiguousBytes, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in
                var cursor = JSONParserCursor(input: raw.bindMemory(to: UInt8.self), maxDepth: maxDepth)
                return try cursor.parseDocument()
            }
        }
        return try result.get()
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// The parser's position in the input. Only whitespace defined by RFC 8259 is skipped.
struct JSONParserCursor {
    let input: UnsafeBufferPointer<UInt8>
    var offset = 0
    let maxDepth: Int
    var depth = 0
    /// Reused for strings that contain escapes, so unescaping allocates only the final `String`.
    var scratch: [UInt8] = []

    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard offset < input.count else { throw JSONParseError(.emptyInput, at: offset) }
        let value = try parseValue()
        skipWhitespace()
        guard offset == input.count else { throw JSONParseError(.trailingData, at: offset) }
        return value
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard offset < input.count else { throw JSONParseError(.unexpectedEndOfInput, at: offset) }
        switch input[offset] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte: throw JSONParseError(.unexpectedByte(byte), at: offset)
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONObject {
        try enterContainer()
        var object = JSONObject()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return object
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw unexpectedHere() }
            let keyOffset = offset
            let key = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw unexpectedHere() }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            guard object.set(value, forKey: key) else { throw JSONParseError(.duplicateKey(key), at: keyOffset) }
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return object
            default:
                throw unexpectedHere()
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> [JSONValue] {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return elements
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return elements
            default:
                throw unexpectedHere()
            }
        }
    }

    /// Consumes the opening bracket after checking the nesting limit.
    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONParseError(.nestingTooDeep(limit: maxDepth), at: offset) }
        offset += 1
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard offset < input.count else { throw JSONParseError(.unexpectedEndOfInput, at: offset) }
            guard input[offset] == byte else { throw unexpectedHere() }
            offset += 1
        }
    }

    /// The current byte, or an end-of-input error: used where more input is mandatory.
    func peek() throws(JSONParseError) -> UInt8 {
        guard offset < input.count else { throw JSONParseError(.unexpectedEndOfInput, at: offset) }
        return input[offset]
    }

    func unexpectedHere() -> JSONParseError {
        guard offset < input.count else { return JSONParseError(.unexpectedEndOfInput, at: offset) }
        return JSONParseError(.unexpectedByte(input[offset]), at: offset)
    }

    mutating func skipWhitespace() {
        while offset < input.count {
            switch input[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }
}
