/// Trimming without Foundation's `trimmingCharacters(in:)`, which on Linux bridges through
/// NSString and UTF-16 and showed up as the largest single cost of parsing small feeds. The
/// characters trimmed are all ASCII, so UTF-8 positions next to them are character boundaries.
extension Substring {
    func trimmingASCII(_ extra: String = "") -> String { String(self).trimmingASCII(extra) }
}

extension String {
    /// The text without leading and trailing ASCII whitespace and any of `extra`.
    func trimmingASCII(_ extra: String = "") -> String {
        let view = utf8
        let extraBytes = Array(extra.utf8)
        func isTrimmed(_ byte: UInt8) -> Bool { byte.isASCIISpace || extraBytes.contains(byte) }
        guard let first = view.firstIndex(where: { !isTrimmed($0) }),
              let last = view.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension TextRepair {
    /// The bytes as text with surrounding ASCII whitespace removed, or nil when nothing is left.
    static func trimmedString(fromUTF8 bytes: [UInt8]) -> String? {
        guard let first = bytes.firstIndex(where: { !$0.isASCIISpace }),
              let last = bytes.lastIndex(where: { !$0.isASCIISpace }) else { return nil }
        return string(fromUTF8: first == 0 && last == bytes.count - 1 ? bytes : Array(bytes[first...last]))
    }
}
