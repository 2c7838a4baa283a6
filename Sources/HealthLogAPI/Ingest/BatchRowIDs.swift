#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Primary keys for the rows of one batch: lowercase version-4 UUID text, all drawn from one
/// read of the kernel's random source.
///
/// `UUID()` on Linux opens, reads and closes `/dev/urandom` for every id — three system calls
/// per row, 1,500 per 500-entry batch — and `SystemRandomNumberGenerator` makes one
/// `getrandom` per 8 bytes. `arc4random_buf` fills the whole batch's bytes with a single
/// `getrandom` (glibc ≥ 2.36; Darwin has it natively), from the same kernel CSPRNG, so each id
/// still carries 122 unpredictable bits and knowing one id says nothing about its neighbours.
enum BatchRowIDs {
    static let bytesPerID = 16

    /// `count` fresh ids.
    static func make(count: Int) -> [String] {
        guard count > 0 else { return [] }
        var random = [UInt8](repeating: 0, count: count * bytesPerID)
        random.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
        return (0..<count).map { uuidText(random[($0 * bytesPerID)..<(($0 + 1) * bytesPerID)]) }
    }

    /// `8-4-4-4-12` lowercase hex of 16 random bytes, with the version (4) and RFC 4122
    /// variant bits set as `UUID()` sets them.
    static func uuidText(_ bytes: ArraySlice<UInt8>) -> String {
        precondition(bytes.count == bytesPerID, "a UUID is 16 bytes")
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for (offset, original) in bytes.enumerated() {
                var byte = original
                if offset == 6 { byte = (byte & 0x0F) | 0x40 }
                if offset == 8 { byte = (byte & 0x3F) | 0x80 }
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = hex[Int(byte >> 4)]
                text[position + 1] = hex[Int(byte & 0x0F)]
                position += 2
            }
            return position
        }
    }
}
