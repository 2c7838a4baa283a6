import Foundation
import SeededRandom

/// Request ids tie a response to its log lines. A well-formed `X-Request-Id` from the client
/// (or a proxy) is kept so traces join up; anything else is replaced.
public enum RequestID {
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next(), generator.next())
    }

    /// A request's id as the server keeps it: the client's own, or 128 generated bits that
    /// become 32 hex digits only where they are written (the response head, the log line), so
    /// a request whose handler never asks for its id as a `String` costs no string for it.
    struct Value: Sendable {
        private enum Storage: Sendable {
            case given(String)
            case generated(UInt64, UInt64)
        }
        private let storage: Storage

        init(_ given: String) { storage = .given(given) }
        init(generated high: UInt64, _ low: UInt64) { storage = .generated(high, low) }

        var string: String {
            switch storage {
            case .given(let id): id
            case .generated(let high, let low): RequestID.hex(high, low)
            }
        }

        /// The id's characters; they never need JSON escaping (hex digits, or `accept`'s alphabet).
        func append(to out: inout ByteStager) {
            switch storage {
            case .given(let id): out.appendUTF8(id)
            case .generated(let high, let low): RequestID.appendHex(high, low, to: &out)
            }
        }
    }

    static func accept(_ candidate: String?, generator: inout SplitMix64) -> Value {
        guard let candidate, (8...64).contains(candidate.utf8.count),
              candidate.utf8.allSatisfy({ isAllowed($0) }) else {
            return Value(generated: generator.next(), generator.next())
        }
        return Value(candidate)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// 32 lower-case hex digits in one string allocation (two 16-digit strings would each need
    /// one of their own, and joining them a third).
    fileprivate static func hex(_ high: UInt64, _ low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            writeHex(high, low, into: UnsafeMutableRawBufferPointer(buffer))
            return 32
        }
    }

    fileprivate static func appendHex(_ high: UInt64, _ low: UInt64, to out: inout ByteStager) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            writeHex(high, low, into: buffer)
            out.append(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Writes 32 hex digits into the first 32 bytes of `buffer`.
    private static func writeHex(_ high: UInt64, _ low: UInt64, into buffer: UnsafeMutableRawBufferPointer) {
        let digits: StaticString = "0123456789abcdef"
        for i in 0..<16 {
            let shift = UInt64(60 - 4 * i)
            buffer[i] = digits.utf8Start[Int((high >> shift) & 0xF)]
            buffer[16 + i] = digits.utf8Start[Int((low >> shift) & 0xF)]
        }
    }
}

extension SplitMix64 {
    /// Request ids must be unique, not secret: a per-loop SplitMix64 seeded from the system's
    /// generator avoids a `getrandom` system call per request.
    static func seededFromSystem() -> SplitMix64 {
        var system = SystemRandomNumberGenerator()
        return SplitMix64(seed: system.next())
    }
}
