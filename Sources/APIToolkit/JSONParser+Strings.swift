/// String literals: escapes, surrogate pairs, and UTF-8 validation (RFC 3629 / Unicode table 3-7).
extension JSONParserCursor {
    /// Parses a string starting at the opening quote. Strings without escapes are turned into a
    /// `String` straight from the input; the first backslash switches to copying into `scratch`.
    mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        while offset < input.count {
            let byte = input[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            case UInt8(ascii: "\\"):
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<offset]))
                return try parseEscapedRemainder()
            case 0..<0x20:
                throw JSONParseError(.unescapedControlCharacter(byte), at: offset)
            case 0x80...:
                try skipUTF8Sequence()
            default:
                offset += 1
            }
        }
        throw JSONParseError(.unexpectedEndOfInput, at: offset)
    }

    private mutating func parseEscapedRemainder() throws(JSONParseError) -> String {
        while offset < input.count {
            let byte = input[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape()
            case 0..<0x20:
                throw JSONParseError(.unescapedControlCharacter(byte), at: offset)
            case 0x80...:
                let sequenceStart = offset
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[sequenceStart..<offset]))
            default:
                scratch.append(byte)
                offset += 1
            }
        }
        throw JSONParseError(.unexpectedEndOfInput, at: offset)
    }

    /// Decodes the escape at `offset` (which points at the backslash) into `scratch`.
    private mutating func appendEscape() throws(JSONParseError) {
        let escapeStart = offset
        offset += 1
        let kind = try peek()
        offset += 1
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(kind)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw JSONParseError(.invalidEscape(kind), at: escapeStart)
        }
    }

    /// Reads the four hex digits after `\u` and, for a high surrogate, the `\uXXXX` low surrogate
    /// that must follow. Anything unpaired is rejected: Swift strings hold only valid scalars.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONParseError) -> Unicode.Scalar {
        let first = try readHexQuad()
        switch first {
        case 0xD800...0xDBFF:
            guard offset + 1 < input.count, input[offset] == UInt8(ascii: "\\"), input[offset + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(.loneSurrogate, at: escapeStart)
            }
            offset += 2
            let second = try readHexQuad()
            guard (0xDC00...0xDFFF).contains(second) else { throw JSONParseError(.loneSurrogate, at: escapeStart) }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw JSONParseError(.loneSurrogate, at: escapeStart)
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func readHexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < input.count else { throw JSONParseError(.unexpectedEndOfInput, at: offset) }
            let byte = input[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidUnicodeEscape, at: offset)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Advances past one well-formed multi-byte UTF-8 sequence starting at `offset`, rejecting
    /// overlong forms, encoded surrogates and code points above U+10FFFF.
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = input[offset]
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondRange = 0xA0...0xBF
        case 0xED: continuationCount = 2; secondRange = 0x80...0x9F
        case 0xE1...0xEF: continuationCount = 2
        case 0xF0: continuationCount = 3; secondRange = 0x90...0xBF
        case 0xF4: continuationCount = 3; secondRange = 0x80...0x8F
        case 0xF1...0xF3: continuationCount = 3
        default: throw JSONParseError(.invalidUTF8, at: offset)
        }
        guard offset + continuationCount < input.count else { throw JSONParseError(.invalidUTF8, at: offset) }
        guard secondRange.contains(input[offset + 1]) else { throw JSONParseError(.invalidUTF8, at: offset) }
        for index in stride(from: offset + 2, through: offset + continuationCount, by: 1)
        where !(0x80...0xBF).contains(input[index]) {
            throw JSONParseError(.invalidUTF8, at: offset)
        }
        offset += continuationCount + 1
    }
}
