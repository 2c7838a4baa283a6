/// Parameter checks both drivers apply, so a value SQLite would accept but PostgreSQL would
/// reject fails the same way in development (SQLite) as in production (PostgreSQL).
enum ParameterRules {
    /// PostgreSQL text cannot hold U+0000 (and libpq passes text as C strings, which would
    /// silently cut it there). Bytes that may contain 0 belong in a blob.
    static func check(_ parameters: [SQLValue], sql: String) throws {
        for (offset, value) in parameters.enumerated() {
            guard case .text(let text) = value, text.utf8.contains(0) else { continue }
            throw DatabaseError(
                .misuse,
                "text parameter $\(offset + 1) contains a NUL character, which PostgreSQL cannot store; bind it as a blob",
                sql: sql)
        }
    }
}
