#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parameter checks both drivers apply, so a value SQLite would accept but PostgreSQL would
/// reject fails the same way in development (SQLite) as in production (PostgreSQL).
enum ParameterRules {
    /// PostgreSQL text cannot hold U+0000 (and libpq passes text as C strings, which would
    /// silently cut it there). Bytes that may contain 0 belong in a blob.
    static func check(_ parameters: [SQLValue], sql: String) throws {
        for (offset, value) in parameters.enumerated() {
            guard case .text(let text) = value, containsNUL(text) else { continue }
            throw nulError(parameter: offset + 1, sql: sql)
        }
    }

    /// The refusal of text parameter `$parameter` for holding U+0000.
    static func nulError(parameter: Int, sql: String) -> DatabaseError {
        DatabaseError(
            .misuse,
            "text parameter $\(parameter) contains a NUL character, which PostgreSQL cannot store; bind it as a blob",
            sql: sql)
    }

    /// `memchr` over the string's own bytes: a batch insert checks thousands of values, and the
    /// generic `utf8.contains` walked them one index at a time.
    static func containsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(containsNUL) ?? text.utf8.contains(0)
    }

    static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        return memchr(start, 0, bytes.count) != nil
    }
}
