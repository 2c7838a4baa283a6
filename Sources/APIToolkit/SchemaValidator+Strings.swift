import Foundation

extension ValidationRun {
    /// An enum check replaces the length checks (the allowed values define the length); formats
    /// are checked after lengths so an over-long value reports `too_big`, not a format error.
    mutating func checkString(_ string: String, _ rules: StringRules) {
        // JSON may carry U+0000, but no text column stores it (PostgreSQL refuses it outright):
        // refused here, it is a 422 naming the field rather than a failed write.
        if StringFormatCheck.containsNUL(string) {
            return report(.invalidFormat, "must not contain the NUL character (U+0000)")
        }
        if let allowed = rules.allowedValues {
            if !allowed.contains(string) {
                report(.invalidEnumValue, "must be one of: " + allowed.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            return
        }
        let length = string.utf16.count
        if let minLength = rules.minLength, length < minLength {
            return report(.tooSmall, "must be at least \(minLength) character\(minLength == 1 ? "" : "s") long")
        }
        if let maxLength = rules.maxLength, length > maxLength {
            return report(.tooBig, "must be at most \(maxLength) character\(maxLength == 1 ? "" : "s") long")
        }
        if let pattern = rules.pattern, !SchemaPattern.matches(pattern, string) {
            return report(.invalidFormat, "must match the pattern \(pattern)")
        }
        guard let format = rules.format else { return }
        switch format {
        case .dateTimeWithOffset where APIDate.parseWithOffset(string) == nil:
            report(.invalidDatetime, "must be an RFC 3339 date-time with a timezone, e.g. 2026-05-16T10:30:00Z or 2026-05-16T12:30:00.5+02:00")
        case .dateTimeUTC where APIDate.parseUTC(string) == nil:
            report(.invalidDatetime, "must be a UTC date-time without fraction, e.g. 2026-05-16T10:30:00Z")
        case .uri where !StringFormatCheck.isAbsoluteURI(string):
            report(.invalidFormat, "must be an absolute URL with a scheme and a host")
        case .email where !StringFormatCheck.isEmail(string):
            report(.invalidFormat, "must be an e-mail address")
        case .uuid where !StringFormatCheck.isUUID(string):
            report(.invalidFormat, "must be a UUID (8-4-4-4-12 hexadecimal digits)")
        case .date where APIDate.parseDay(string) == nil:
            report(.invalidFormat, "must be a date YYYY-MM-DD")
        default:
            return
        }
    }
}

/// Hand-written format checks: predictable, fast, and free of regex-dialect differences.
enum StringFormatCheck {
    /// `memchr` over the string's own bytes; every string of a 500-entry batch is checked, and
    /// the generic `utf8.contains` walked them one index at a time.
    static func containsNUL(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, 0, bytes.count) != nil
        } ?? string.utf8.contains(0)
    }

    static func isAbsoluteURI(_ string: String) -> Bool {
        guard !string.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
              let components = URLComponents(string: string),
              let scheme = components.scheme, !scheme.isEmpty,
              let host = components.host, !host.isEmpty else { return false }
        return true
    }

    /// The pragmatic rule Zod uses: a local part of letters, digits and `_'+-.` that neither
    /// starts nor ends with a dot and has no `..`; a domain of dot-separated labels of letters,
    /// digits and hyphens (not starting with a hyphen) ending in an alphabetic TLD of 2+ letters.
    static func isEmail(_ string: String) -> Bool {
        let parts = string.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
              let localFirst = local.first, let localLast = local.last,
              localFirst != UInt8(ascii: "."), localLast != UInt8(ascii: "."), localLast != UInt8(ascii: "'"),
              !containsDoubleDot(local),
              local.allSatisfy({ isAlphanumeric($0) || "_'+-.".utf8.contains($0) }) else { return false }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, let topLevel = labels.last, topLevel.count >= 2,
              topLevel.allSatisfy({ isLetter($0) }) else { return false }
        return labels.dropLast().allSatisfy { label in
            guard let first = label.first, isAlphanumeric(first) else { return false }
            return label.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }
    }

    static func isUUID(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHexDigit(byte) {
                return false
            }
        }
        return true
    }

    private static func containsDoubleDot(_ bytes: Substring.UTF8View) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }
}
