/// Every error the Storage module throws.
///
/// Both drivers classify their native codes (SQLite extended result codes, PostgreSQL
/// SQLSTATEs) into one `Kind`, so callers can react to, say, a duplicate idempotency key
/// without knowing which database is configured:
///
///     do { try await db.write { try $0.execute(insert, params) } }
///     catch let error as DatabaseError where error.isUniqueViolation { … }
///
/// Messages carry the database's own text and the SQL, never bound parameter values: those
/// may be personal data and errors end up in logs.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A UNIQUE or PRIMARY KEY constraint rejected the row (SQLite 2067/1555, PG 23505).
        case uniqueViolation
        /// A FOREIGN KEY constraint rejected the change (SQLite 787, PG 23503).
        case foreignKeyViolation
        /// Any other constraint: NOT NULL, CHECK, exclusion.
        case constraintViolation
        /// Lock contention outlasted the busy timeout, or PG aborted a transaction to resolve
        /// a deadlock or serialization conflict. Safe to retry the whole transaction.
        case busy
        /// The server could not be reached or the connection dropped. The statement may or
        /// may not have been applied; the pool reconnects before the next job.
        case connectionFailed
        /// Any other failure reported while preparing or running a statement.
        case statementFailed
        /// A column value could not be decoded as the requested Swift type.
        case typeMismatch
        /// A row has no column with the requested name.
        case columnNotFound
        /// The URL given to `Database.open` is not understood.
        case invalidURL
        /// Migrations could not be applied, or the database does not match this binary's list.
        case migrationFailed
        /// The API was used in a way it does not support (closed database, bad parameters).
        case misuse
    }

    public let kind: Kind
    /// Human-readable explanation, including the database's own message where there is one.
    public let message: String
    /// PostgreSQL SQLSTATE (e.g. "23505"), when the error came from the server.
    public let sqlState: String?
    /// SQLite extended result code (e.g. 2067), when the error came from SQLite.
    public let sqliteCode: Int32?
    /// The statement that failed, when there is one.
    public let sql: String?

    public init(
        _ kind: Kind, _ message: String, sqlState: String? = nil, sqliteCode: Int32? = nil, sql: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.sqliteCode = sqliteCode
        self.sql = sql
    }

    public var isUniqueViolation: Bool { kind == .uniqueViolation }
    public var isForeignKeyViolation: Bool { kind == .foreignKeyViolation }
    public var isBusy: Bool { kind == .busy }

    public var description: String {
        var text = "DatabaseError.\(kind): \(message)"
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        if let sqliteCode { text += " [SQLite code \(sqliteCode)]" }
        if let sql { text += " — in: \(Self.abbreviated(sql))" }
        return text
    }

    /// Long statements (migrations) are cut so one error does not flood a log line.
    private static func abbreviated(_ sql: String) -> String {
        let limit = 300
        let flattened = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flattened.count <= limit ? flattened : flattened.prefix(limit) + "…"
    }
}
