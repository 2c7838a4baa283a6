import Glibc

/// The commonest way real feeds are not XML: a bare `&` in a link or headline
/// (`?a=1&b=2`, `AT&T`). libxml2 would report an error and drop the would-be entity name,
/// corrupting the URL; escaping each `&` that does not start a reference keeps the text as its
/// author meant it. CDATA sections are left alone (an `&` is literal there). Only applied to
/// ASCII-compatible encodings, where byte 0x26 is always `&`.
enum AmpersandRepair {
    /// Repaired bytes, or nil when every `&` already starts a reference.
    static func repairedIfNeeded(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let first = firstBareAmpersand(bytes, from: 0) else { return nil }
        var output = [UInt8](bytes[..<first])
        output.reserveCapacity(bytes.count + 64)
        var copied = first
        var next: Int? = first
        while let bare = next {
            output.append(contentsOf: bytes[copied..<bare])
            output.append(contentsOf: [38, 97, 109, 112, 59])
            copied = bare + 1
            next = firstBareAmpersand(bytes, from: copied)
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    private static let cdataOpen = Array("<![CDATA[".utf8)
    private static let cdataClose = Array("]]>".utf8)

    /// The next `&` outside CDATA that does not start a reference. Scans with memchr/memmem:
    /// this runs over every document, so it has to cost about as much as a copy.
    private static func firstBareAmpersand(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        var nextCDATA = find(cdataOpen, in: bytes, from: index)
        while let ampersand = find(UInt8(ascii: "&"), in: bytes, from: index) {
            if let cdata = nextCDATA, cdata < ampersand {
                guard let close = find(cdataClose, in: bytes, from: cdata + cdataOpen.count) else { return nil }
                index = close + cdataClose.count
                nextCDATA = find(cdataOpen, in: bytes, from: index)
                continue
            }
            if !startsReference(bytes, at: ampersand) { return ampersand }
            index = ampersand + 1
        }
        return nil
    }

    /// `&name;`, `&#123;` or `&#x1F;` (names up to 40 characters; any non-ASCII byte is accepted
    /// as a name character, as XML allows).
    private static func startsReference(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        var cursor = index + 1
        let limit = min(bytes.count, index + 42)
        if cursor < limit, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            let hex = cursor < limit && (bytes[cursor] == UInt8(ascii: "x"))
            if hex { cursor += 1 }
            let digitsStart = cursor
            while cursor < limit, bytes[cursor].isASCIIDigit || (hex && isHexLetter(bytes[cursor])) { cursor += 1 }
            return cursor > digitsStart && cursor < limit && bytes[cursor] == UInt8(ascii: ";")
        }
        guard cursor < limit, isNameStart(bytes[cursor]) else { return false }
        cursor += 1
        while cursor < limit, isNameStart(bytes[cursor]) || bytes[cursor].isASCIIDigit
                || bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
        }
        return cursor < limit && bytes[cursor] == UInt8(ascii: ";")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isHexLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// Finds `pattern` by jumping between occurrences of its byte at `anchor` (chosen to be rare
    /// in XML: `!` in `<![CDATA[`, `]` in `]]>`) rather than testing every position.
    private static func find(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let anchor = pattern.firstIndex(of: UInt8(ascii: "!")) ?? 0
        var from = start + anchor
        while let hit = find(pattern[anchor], in: bytes, from: from) {
            let candidate = hit - anchor
            if matches(bytes, at: candidate, pattern) { return candidate }
            from = hit + 1
        }
        return nil
    }

    private static func matches(_ bytes: UnsafeRawBufferPointer, at index: Int, _ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }
}
