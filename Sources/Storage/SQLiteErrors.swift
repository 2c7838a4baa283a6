import CSQLite

/// Maps SQLite result codes onto `DatabaseError.Kind`.
enum SQLiteErrors {
    // Extended result codes are C macros built with shifts, which Swift does not import.
    static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)
    static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)

    static func error(code: Int32, message: String, sql: String?) -> DatabaseError {
        DatabaseError(kind(of: code), message, sqliteCode: code, sql: sql)
    }

    static func kind(of code: Int32) -> DatabaseError.Kind {
        switch code {
        case constraintUnique, constraintPrimaryKey: return .uniqueViolation
        case constraintForeignKey: return .foreignKeyViolation
        default: break
        }
        switch code & 0xFF {
        case SQLITE_CONSTRAINT: return .constraintViolation
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CANTOPEN, SQLITE_NOTADB: return .connectionFailed
        case SQLITE_MISUSE, SQLITE_RANGE: return .misuse
        default: return .statementFailed
        }
    }
}
