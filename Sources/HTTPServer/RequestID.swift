import Foundation

/// Request ids tie a response to its log lines. A well-formed `X-Request-Id` from the client
/// (or a proxy) is kept so traces join up; anything else is replaced.
public enum RequestID {
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    static func accept(_ candidate: String?) -> String {
        guard let candidate, (8...64).contains(candidate.utf8.count),
              candidate.utf8.allSatisfy({ isAllowed($0) }) else { return generate() }
        return candidate
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
