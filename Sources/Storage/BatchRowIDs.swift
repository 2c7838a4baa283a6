import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Primary keys for the rows of one batch: lowercase UUID text, all drawn from one read of the
/// kernel's random source. On SQLite they are time-ordered (version 7, RFC 9562: the batch's
/// creation time in milliseconds first, then 74 random bits); on PostgreSQL random (version 4).
///
/// Time first on SQLite, so a batch's ids sort after every earlier batch's: its rows land on the
/// last leaves of the table's `id` index, not on a random leaf each. With random ids every row of
/// a batch dirtied a different index page once the index outgrew a few hundred pages, and each
/// commit wrote all of them to the WAL again, a cost per row that grew with the table
/// (docs/benchmarks.md, "Time-ordered row ids"). PostgreSQL commits concurrent batches in
/// parallel, and time-ordered keys would send them all to the index's last leaf, one lock: the
/// ingest bench's PostgreSQL ratio fell with them, so there the ids stay random.
///
/// A version-7 id still carries 74 unpredictable bits after its timestamp; what it tells beyond
/// that is the millisecond its batch was stored, a finer clock than the row's `createdAt` (whole
/// seconds), visible only to the row's owner, who reads it through the API anyway. Ids of batches
/// stored in the same millisecond, or after the wall clock steps back, interleave: that costs only
/// index locality, never uniqueness (the random bits).
///
/// `UUID()` on Linux opens, reads and closes `/dev/urandom` for every id — three system calls
/// per row, 1,500 per 500-entry batch — and `SystemRandomNumberGenerator` makes one
/// `getrandom` per 8 bytes. `arc4random_buf` fills the whole batch's bytes with a single
/// `getrandom` (glibc ≥ 2.36; Darwin has it natively), from the same kernel CSPRNG.
public enum BatchRowIDs {
    static let bytesPerID = 16

    /// `count` fresh ids for rows of a database of `dialect`.
    public static func make(count: Int, for dialect: SQLDialect) -> [String] {
        switch dialect {
        case .sqlite: return make(count: count, milliseconds: UInt64(max(0, (Date().timeIntervalSince1970 * 1000).rounded(.down))))
        case .postgres: return make(count: count, milliseconds: nil)
        }
    }

    /// `count` fresh ids: version 7 stamped with `milliseconds` since 1970, or version 4 without.
    static func make(count: Int, milliseconds: UInt64?) -> [String] {
        guard count > 0 else { return [] }
        var random = [UInt8](repeating: 0, count: count * bytesPerID)
        random.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
        guard let milliseconds else { return (0..<count).map { uuidText(random[($0 * bytesPerID)..<(($0 + 1) * bytesPerID)], version: 4) } }
        for id in 0..<count {
            for byte in 0..<6 { random[id * bytesPerID + byte] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(byte))) }
        }
        return (0..<count).map { uuidText(random[($0 * bytesPerID)..<(($0 + 1) * bytesPerID)], version: 7) }
    }

    /// `8-4-4-4-12` lowercase hex of 16 bytes, with the `version` and RFC 9562 variant bits set.
    static func uuidText(_ bytes: ArraySlice<UInt8>, version: UInt8) -> String {
        precondition(bytes.count == bytesPerID, "a UUID is 16 bytes")
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for (offset, original) in bytes.enumerated() {
                var byte = original
                if offset == 6 { byte = (byte & 0x0F) | (version << 4) }
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
