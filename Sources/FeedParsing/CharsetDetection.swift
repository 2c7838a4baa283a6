/// Decides which character encoding to read a document with, before libxml2 sees it:
/// a byte-order mark first (it cannot lie), then the HTTP `charset` (RFC 3023: the transport's
/// word overrides the document's), then the XML declaration, then UTF-8. Deciding here rather
/// than letting libxml2 follow the declaration lets the header win and lets us report the choice.
struct CharsetPlan: Equatable {
    /// The label reported in `ParsedFeed.encoding`, lowercase.
    var label: String
    /// How many leading bytes are a byte-order mark to skip.
    var bomLength: Int

    static func detect(_ bytes: UnsafeRawBufferPointer, headerCharset: String?) -> CharsetPlan {
        if let bom = byteOrderMark(bytes) { return bom }
        if let header = headerCharset.flatMap(CharsetLabels.normalized), CharsetLabels.isSupported(header) {
            return CharsetPlan(label: CharsetLabels.resolvingUnicodeFamily(header, bytes: bytes), bomLength: 0)
        }
        if let wide = wideEncodingPattern(bytes) { return CharsetPlan(label: wide, bomLength: 0) }
        if bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
            // "<?xm" in EBCDIC: only libxml2 can read which EBCDIC code page the declaration names.
            return CharsetPlan(label: CharsetLabels.ebcdic, bomLength: 0)
        }
        if let declared = declaredEncoding(bytes).flatMap(CharsetLabels.normalized), CharsetLabels.isSupported(declared) {
            return CharsetPlan(label: CharsetLabels.resolvingUnicodeFamily(declared, bytes: bytes), bomLength: 0)
        }
        return CharsetPlan(label: "utf-8", bomLength: 0)
    }

    private static func byteOrderMark(_ b: UnsafeRawBufferPointer) -> CharsetPlan? {
        func starts(_ prefix: [UInt8]) -> Bool { b.count >= prefix.count && zip(b, prefix).allSatisfy { $0 == $1 } }
        if starts([0xEF, 0xBB, 0xBF]) { return CharsetPlan(label: "utf-8", bomLength: 3) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return CharsetPlan(label: "utf-32be", bomLength: 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return CharsetPlan(label: "utf-32le", bomLength: 4) }
        if starts([0xFE, 0xFF]) { return CharsetPlan(label: "utf-16be", bomLength: 2) }
        if starts([0xFF, 0xFE]) { return CharsetPlan(label: "utf-16le", bomLength: 2) }
        return nil
    }

    /// XML 1.0 Appendix F: without a mark, `<?` in UTF-16 or UTF-32 has a telltale zero pattern.
    static func wideEncodingPattern(_ b: UnsafeRawBufferPointer) -> String? {
        guard b.count >= 4 else { return nil }
        switch (b[0], b[1], b[2], b[3]) {
        case (0x3C, 0, 0, 0): return "utf-32le"
        case (0, 0, 0, 0x3C): return "utf-32be"
        case (0x3C, 0, _, 0): return "utf-16le"
        case (0, 0x3C, 0, _): return "utf-16be"
        default: return nil
        }
    }

    /// The `encoding="…"` of an ASCII-compatible XML declaration, if there is one.
    static func declaredEncoding(_ b: UnsafeRawBufferPointer) -> String? {
        let head = Array(b.prefix(512))
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8)) else { return nil }
        let declaration = Array(head[..<end.lowerBound])
        guard let key = declaration.firstRange(of: Array("encoding".utf8)) else { return nil }
        var scanner = ByteScanner(declaration)
        scanner.position = key.upperBound
        scanner.skipSpaces()
        guard scanner.skip(UInt8(ascii: "=")) else { return nil }
        scanner.skipSpaces()
        guard let quote = scanner.current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        scanner.position += 1
        let start = scanner.position
        while let byte = scanner.current, byte != quote { scanner.position += 1 }
        guard scanner.current == quote else { return nil }
        return String(decoding: declaration[start..<scanner.position], as: UTF8.self)
    }
}
