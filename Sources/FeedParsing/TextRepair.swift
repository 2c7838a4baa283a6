/// Byte-level text fixes shared by every field.
enum TextRepair {
    /// Builds a String from UTF-8, mapping U+0080–U+009F (C1 controls, which no feed means) to
    /// the Windows-1252 characters that were almost certainly intended: curly quotes, dashes,
    /// the euro sign. Text labelled ISO-8859-1 or US-ASCII is read as Latin-1 and lands here.
    static func string(fromUTF8 bytes: [UInt8]) -> String {
        guard bytes.contains(0xC2) else { return String(decoding: bytes, as: UTF8.self) }
        var repaired: [UInt8] = []
        repaired.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]),
               let scalar = windows1252C1[Int(bytes[index + 1] - 0x80)] {
                appendUTF8(scalar, to: &repaired)
                index += 2
            } else {
                repaired.append(byte)
                index += 1
            }
        }
        return String(decoding: repaired, as: UTF8.self)
    }

    /// The replacements are all in the Basic Multilingual Plane above U+007F: two or three bytes.
    private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        if scalar < 0x800 {
            bytes.append(UInt8(0xC0 | (scalar >> 6)))
        } else {
            bytes.append(UInt8(0xE0 | (scalar >> 12)))
            bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        }
        bytes.append(UInt8(0x80 | (scalar & 0x3F)))
    }

    /// Windows-1252's assignments for 0x80–0x9F (nil where it leaves a byte undefined).
    private static let windows1252C1: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]

    /// Whether text carries markup worth running through the HTML parser: a tag (`<b`, `</p`,
    /// `<!--`) or an entity/character reference (`&amp;`, `&#8217;`).
    static func looksLikeMarkup(_ bytes: [UInt8]) -> Bool {
        containsTag(bytes) || containsReference(bytes)
    }

    /// `<` directly followed by a letter, `/` + letter, `!` or `?`, with a `>` somewhere after.
    static func containsTag(_ bytes: [UInt8]) -> Bool {
        guard let lastClose = bytes.lastIndex(of: UInt8(ascii: ">")) else { return false }
        var index = 0
        while index < lastClose {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next.isASCIILetter || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return true }
                if next == UInt8(ascii: "/"), index + 2 < bytes.count, bytes[index + 2].isASCIILetter { return true }
            }
            index += 1
        }
        return false
    }

    /// `&name;` or `&#digits;` / `&#xhex;`.
    static func containsReference(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while let amp = bytes[index...].firstIndex(of: UInt8(ascii: "&")) {
            var end = amp + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
            let nameStart = end
            while end < bytes.count, end - nameStart < 32, bytes[end].isASCIILetter || bytes[end].isASCIIDigit { end += 1 }
            if end > nameStart, end < bytes.count, bytes[end] == UInt8(ascii: ";") { return true }
            index = amp + 1
        }
        return false
    }
}
