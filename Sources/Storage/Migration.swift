/// One versioned schema change, applied once per database in version order.
///
/// A migration is identified by `version`; `name` is recorded with it and checked on every
/// start, so renumbering or swapping migrations between releases is caught instead of
/// silently skipped. Never edit a migration that has shipped: add a new one.
///
/// The script runs inside the migration's transaction, so it must not contain `BEGIN`,
/// `COMMIT`, `VACUUM` or (SQLite) `PRAGMA foreign_keys`; an SQLite table rebuild can use
/// `PRAGMA defer_foreign_keys = ON` instead, which lasts until the commit.
public struct Migration: Sendable, Hashable {
    public let version: Int
    public let name: String
    /// The script for each dialect; may hold several `;`-separated statements.
    public let sqliteSQL: String
    public let postgresSQL: String

    /// A migration whose SQL is the same on both drivers.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name, sqlite: sql, postgres: sql)
    }

    /// A migration with dialect-specific SQL, for the statements that differ (identity
    /// columns, `BLOB`/`bytea`, partial index syntax).
    public init(version: Int, name: String, sqlite: String, postgres: String) {
        self.version = version
        self.name = name
        self.sqliteSQL = sqlite
        self.postgresSQL = postgres
    }

    public func sql(for dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: sqliteSQL
        case .postgres: postgresSQL
        }
    }
}
