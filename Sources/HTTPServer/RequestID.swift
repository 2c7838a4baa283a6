import Foundation

/// Request ids tie a response to its log lines. A well-formed `X-Request-Id` from the client
/// (or a proxy) is kept so traces join up; anything else is replaced.
public enum RequestID {
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next(), generator.next())
    }

    static func accept(_ candidate: String?, generator: inout FastRandom) -> String {
        guard let candidate, (8...64).contains(candidate.utf8.count),
              candidate.utf8.allSatisfy({ isAllowed($0) }) else {
            return hex(generator.next(), generator.next())
        }
        return candidate
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// 32 lower-case hex digits in one string allocation (two 16-digit strings would each need
    /// one of their own, and joining them a third).
    private static func hex(_ high: UInt64, _ low: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 32) { buffer in
            for i in 0..<16 {
                let shift = UInt64(60 - 4 * i)
                buffer[i] = digits.utf8Start[Int((high >> shift) & 0xF)]
                buffer[16 + i] = digits.utf8Start[Int((low >> shift) & 0xF)]
            }
            return 32
        }
    }
}

/// Request ids must be unique, not secret: a per-loop SplitMix64 seeded from the system's
/// generator avoids a `getrandom` system call per request.
struct FastRandom {
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
