/// Plain byte-wise substring search. `String.contains(_:)`/`range(of:)` resolve to Foundation's
/// NSString versions on Linux, which bridge and copy the text on every call; the story engine
/// runs these checks for every sentence of every report it composes.
extension StringProtocol {
    /// The first occurrence of `needle`, compared as UTF-8 bytes (exact, case-sensitive).
    ///
    /// Inlinable so that it is specialised for `String` and `Substring` in the calling module (generic
    /// over `StringProtocol`, each index step went through witness tables); the text's UTF-8 bytes are
    /// searched in place when they are contiguous (native strings), index by index otherwise.
    @inlinable
    public func firstByteRange(of needle: String) -> Range<Index>? {
        var pattern = needle
        let contiguous: Int?? = pattern.withUTF8 { pattern in
            utf8.withContiguousStorageIfAvailable { haystack in Self.firstOffset(of: pattern, in: haystack) }
        }
        guard let found = contiguous else { return firstByteRangeByIndex(of: Array(needle.utf8)) }
        guard let offset = found else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: pattern.utf8.count)
    }

    public func containsBytes(_ needle: String) -> Bool { firstByteRange(of: needle) != nil }

    /// Where `pattern` first starts in `haystack`, as a byte offset (0 for an empty pattern).
    @inlinable
    static func firstOffset(of pattern: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let head = pattern.first else { return 0 }
        guard pattern.count <= haystack.count else { return nil }
        var start = 0
        let lastStart = haystack.count - pattern.count
        while start <= lastStart {
            if haystack[start] == head {
                var matched = 1
                while matched < pattern.count, haystack[start + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return start }
            }
            start += 1
        }
        return nil
    }

    /// The same search through the UTF-8 view's indices, for text whose bytes are not contiguous.
    @usableFromInline
    func firstByteRangeByIndex(of pattern: [UInt8]) -> Range<Index>? {
        let haystack = utf8
        guard let head = pattern.first else { return startIndex..<startIndex }
        var start = haystack.startIndex
        while let candidate = haystack[start...].firstIndex(of: head) {
            var cursor = candidate, matched = 0
            while matched < pattern.count, cursor < haystack.endIndex, haystack[cursor] == pattern[matched] {
                haystack.formIndex(after: &cursor)
                matched += 1
            }
            if matched == pattern.count { return candidate..<cursor }
            start = haystack.index(after: candidate)
        }
        return nil
    }
}

/// ASCII fast paths for character tests. In ASCII text each byte is one `Character` (but for "\r\n",
/// which is neither a letter nor a quote), its letters are "A"–"Z" and "a"–"z", and its capitals "A"–"Z":
/// a test over letters or quotes gives the same answer on the bytes, without Unicode properties.
extension StringProtocol {
    /// `body` over the text's UTF-8 bytes when they are contiguous and all ASCII; nil otherwise, for the
    /// caller to test the characters.
    @inlinable
    public func withASCIIBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let result: Result?? = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? body(bytes) : nil
        }
        return result ?? nil
    }
}

extension UInt8 {
    /// "A"–"Z".
    @inlinable public var isASCIICapital: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    /// "A"–"Z" or "a"–"z".
    @inlinable public var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
}
