/// Appends JSON text to a byte buffer. Every response body goes through here, so it works on raw
/// UTF-8 bytes: runs of characters that need no escaping are copied in one `append(contentsOf:)`.
struct JSONWriter {
    /// Thrown when a number cannot be written; carries the path from the failing value up to the root.
    struct NonFiniteNumber: Error {
        var value: Double
        var reversedPath: [JSONPathComponent] = []
    }

    private(set) var bytes: [UInt8]
    private let layout: JSONSerializer.Layout
    private var depth = 0

    init(layout: JSONSerializer.Layout, reserving capacity: Int = 256) {
        self.layout = layout
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    init(appendingTo buffer: [UInt8], layout: JSONSerializer.Layout) {
        self.layout = layout
        bytes = buffer
    }

    /// Hands the buffer over without leaving a second reference that would force a copy on write.
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    mutating func write(_ value: JSONValue) throws(NonFiniteNumber) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(true): bytes.append(contentsOf: "true".utf8)
        case .bool(false): bytes.append(contentsOf: "false".utf8)
        case .integer(let integer): writeInteger(integer)
        case .number(let number): try writeNumber(number)
        case .string(let string): writeString(string)
        case .array(let elements): try writeArray(elements)
        case .object(let object): try writeObject(object)
        }
    }

    private mutating func writeArray(_ elements: [JSONValue]) throws(NonFiniteNumber) {
        guard !elements.isEmpty else { return bytes.append(contentsOf: "[]".utf8) }
        bytes.append(UInt8(ascii: "["))
        depth += 1
        for (offset, element) in elements.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            writeNewlineAndIndent()
            do {
                try write(element)
            } catch {
                throw error.prepending(.index(offset))
            }
        }
        depth -= 1
        writeNewlineAndIndent()
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ object: JSONObject) throws(NonFiniteNumber) {
        guard !object.isEmpty else { return bytes.append(contentsOf: "{}".utf8) }
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        for (offset, member) in object.members.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            writeNewlineAndIndent()
            writeString(member.key)
            bytes.append(UInt8(ascii: ":"))
            if layout == .indented { bytes.append(UInt8(ascii: " ")) }
            do {
                try write(member.value)
            } catch {
                throw error.prepending(.key(member.key))
            }
        }
        depth -= 1
        writeNewlineAndIndent()
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writeNewlineAndIndent() {
        guard layout == .indented else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    mutating func writeInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Integral values below 2^53 take a fast path that prints exactly what `Double.description`
    /// would (`42.0`); everything else uses the shortest round-tripping text from the standard library.
    private mutating func writeNumber(_ value: Double) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(value: value) }
        if value.rounded(.towardZero) == value, value.magnitude < 9_007_199_254_740_992 {
            if value.sign == .minus, value == 0 { bytes.append(UInt8(ascii: "-")) }
            writeInteger(Int64(value))
            bytes.append(contentsOf: ".0".utf8)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// Escapes `"`, `\`, C0 controls (short forms where JSON has them), U+2028/U+2029 (legal in
    /// JSON but line terminators in JavaScript) and U+FEFF (some decoders, including Foundation's
    /// JSONSerialization on Linux, silently drop it when raw). `/` is left alone: escaping it is
    /// optional. Only the three-byte sequences starting 0xE2 or 0xEF need a second look.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var contiguous = string
        contiguous.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2, byte != 0xEF {
                    index += 1
                    continue
                }
                let escape: StaticString
                var length = 1
                if byte >= 0x80 {
                    guard index + 2 < utf8.count, let special = Self.specialEscape(utf8[index], utf8[index + 1], utf8[index + 2]) else {
                        index += 1
                        continue
                    }
                    escape = special
                    length = 3
                } else {
                    escape = Self.asciiEscape(byte)
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                if escape.utf8CodeUnitCount > 0 {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                } else {
                    appendUnicodeEscape(for: byte)
                }
                index += length
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func specialEscape(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> StaticString? {
        switch (first, second, third) {
        case (0xE2, 0x80, 0xA8): "\\u2028"
        case (0xE2, 0x80, 0xA9): "\\u2029"
        case (0xEF, 0xBB, 0xBF): "\\ufeff"
        default: nil
        }
    }

    /// The short escape for `byte`, or an empty string when it needs the `\u00XX` form.
    private static func asciiEscape(_ byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        default: ""
        }
    }

    private mutating func appendUnicodeEscape(for byte: UInt8) {
        bytes.append(contentsOf: "\\u00".utf8)
        bytes.append(Self.hexDigit(byte >> 4))
        bytes.append(Self.hexDigit(byte & 0x0F))
    }
}

extension JSONWriter {
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension JSONWriter.NonFiniteNumber {
    fileprivate func prepending(_ component: JSONPathComponent) -> Self {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }
}
