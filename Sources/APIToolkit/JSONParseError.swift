/// Why a request body is not acceptable JSON, and where: the API answers these with a 400.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case emptyInput
        case unexpectedEndOfInput
        case unexpectedByte(UInt8)
        case trailingData
        case invalidNumber
        case leadingZero
        /// The number overflows a 64-bit float (e.g. `1e400`); JSON we emit can never contain it.
        case numberOutOfRange
        case invalidEscape(UInt8)
        case invalidUnicodeEscape
        /// A `\uD800`-style escape without its pair: not representable in a Swift `String`.
        case loneSurrogate
        case unescapedControlCharacter(UInt8)
        case invalidUTF8
        case nestingTooDeep(limit: Int)
        case duplicateKey(String)
    }

    public let reason: Reason
    /// Zero-based byte offset into the input where the problem was detected.
    public let offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A sentence suitable for an API client, without the offset.
    public var message: String {
        switch reason {
        case .emptyInput: "expected a JSON value but the input is empty"
        case .unexpectedEndOfInput: "unexpected end of input"
        case .unexpectedByte(let byte): "unexpected \(Self.describe(byte))"
        case .trailingData: "unexpected data after the JSON value"
        case .invalidNumber: "invalid number"
        case .leadingZero: "numbers must not have leading zeros"
        case .numberOutOfRange: "number is too large to be represented"
        case .invalidEscape(let byte): "invalid escape sequence: backslash followed by \(Self.describe(byte))"
        case .invalidUnicodeEscape: "invalid \\u escape: expected four hexadecimal digits"
        case .loneSurrogate: "\\u escape is an unpaired UTF-16 surrogate"
        case .unescapedControlCharacter(let byte): "control character \(Self.describe(byte)) must be escaped inside a string"
        case .invalidUTF8: "invalid UTF-8 byte sequence"
        case .nestingTooDeep(let limit): "arrays and objects are nested more than \(limit) levels deep"
        case .duplicateKey(let key): "duplicate key \"\(key)\" in object"
        }
    }

    public var description: String {
        "\(message) at byte \(offset)"
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte > 0x20, byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        let digits = [JSONWriter.hexDigit(byte >> 4), JSONWriter.hexDigit(byte & 0x0F)]
        return "byte 0x" + String(decoding: digits, as: UTF8.self).uppercased()
    }
}
