/// Which SQL engine a `Database` talks to, for the few statements that cannot be written
/// portably (auto-increment keys, `bytea` vs `BLOB`, engine-specific functions).
///
/// Portable SQL is preferred everywhere else: `$n` placeholders, `INSERT … ON CONFLICT …
/// DO UPDATE`, `RETURNING` and `CREATE … IF NOT EXISTS` work on both (SQLite ≥ 3.35).
public enum SQLDialect: String, Sendable, Hashable {
    case sqlite
    case postgres
}
