/// Documents labelled UTF-8 often carry a few Windows-1252 bytes (a pasted curly quote).
/// libxml2 would switch the rest of the document to Latin-1 at the first one, garbling every
/// correct multi-byte character after it; instead each invalid byte alone is re-encoded as the
/// Windows-1252 character it most likely was, and valid sequences are left as they are.
enum UTF8Repair {
    /// Repaired bytes, or nil when the input is already valid UTF-8 (the common case, one scan).
    static func repairedIfInvalid(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let firstInvalid = firstInvalidIndex(bytes, from: 0) else { return nil }
        var output = [UInt8](bytes[..<firstInvalid])
        output.reserveCapacity(bytes.count + 64)
        var index = firstInvalid
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0 {
                output.append(contentsOf: bytes[index..<(index + length)])
                index += length
            } else {
                appendWindows1252(bytes[index], to: &output)
                index += 1
            }
        }
        return output
    }

    private static func firstInvalidIndex(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            // Feeds are mostly ASCII: skip eight bytes at a time while no high bit is set.
            while index + 8 <= bytes.count,
                  bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < bytes.count else { break }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = validSequenceLength(bytes, at: index)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// Length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlongs, no
    /// surrogates, nothing above U+10FFFF), or 0.
    private static func validSequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let (length, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    /// The byte as Windows-1252 would read it, in UTF-8; C1 bytes are encoded as U+0080–U+009F
    /// and mapped to their Windows-1252 characters later by `TextRepair`, like Latin-1 documents.
    private static func appendWindows1252(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(0xC0 | (byte >> 6))
        output.append(0x80 | (byte & 0x3F))
    }
}
