/// Plain byte-wise substring search. `String.contains(_:)`/`range(of:)` resolve to Foundation's
/// NSString versions on Linux, which bridge and copy the text on every call; the story engine
/// runs these checks for every sentence of every report it composes.
extension StringProtocol {
    /// The first occurrence of `needle`, compared as UTF-8 bytes (exact, case-sensitive).
    public func firstByteRange(of needle: String) -> Range<Index>? {
        let haystack = utf8, pattern = Array(needle.utf8)
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

    public func containsBytes(_ needle: String) -> Bool { firstByteRange(of: needle) != nil }
}
