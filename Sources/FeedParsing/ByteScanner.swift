/// A cursor over ASCII bytes for the small hand-written grammars (dates, charsets, XML
/// declarations): reading digits and words without building intermediate strings.
struct ByteScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    mutating func skipSpaces() {
        while let byte = current, byte.isASCIISpace { position += 1 }
    }

    /// Reads a run of decimal digits: the value and how many digits it had (0 when none).
    mutating func digits(max: Int = 9) -> (value: Int, count: Int) {
        var value = 0
        var count = 0
        while count < max, let byte = current, byte.isASCIIDigit {
            value = value * 10 + Int(byte - 48)
            count += 1
            position += 1
        }
        return (value, count)
    }

    /// Reads exactly `count` digits, or nothing.
    mutating func fixedDigits(_ count: Int) -> Int? {
        let start = position
        let read = digits(max: count)
        guard read.count == count else {
            position = start
            return nil
        }
        return read.value
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 48 && self <= 57 }
    var isASCIILetter: Bool { (self | 0x20) >= 97 && (self | 0x20) <= 122 }
    /// Space, tab, line feed, form feed, carriage return: one shift and mask instead of five compares.
    var isASCIISpace: Bool { self <= 32 && (0x1_0000_3600 as UInt64) >> self & 1 == 1 }
    var asciiLowercased: UInt8 { self >= 65 && self <= 90 ? self + 32 : self }
}
