import Foundation

/// Applies a `MigrationPlan` on one connection. See `Database.migrate` for the contract.
struct MigrationRunner {
    /// Key of the PostgreSQL advisory lock serialising migration runs of all processes on one
    /// database; an arbitrary constant ("schema_m" in ASCII) that no other code should use.
    static let postgresLockKey: Int64 = 0x7363_6865_6D61_5F6D

    let connection: any PooledConnection
    let plan: MigrationPlan

    func run() throws -> [Int] {
        guard connection.dialect == .postgres else { return try applyMissing() }
        try connection.execute("SELECT pg_advisory_lock($1)", Self.postgresLockKey)
        defer {
            // Unlocking can only fail with the connection, which releases the lock itself.
            _ = try? connection.execute("SELECT pg_advisory_unlock($1)", Self.postgresLockKey)
        }
        return try applyMissing()
    }

    private func applyMissing() throws -> [Int] {
        try connection.inTransaction { connection in
            try connection.executeScript("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version BIGINT PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at BIGINT NOT NULL
                )
                """)
            try checkRecordedMigrations(try recordedMigrations())
        }
        var applied: [Int] = []
        for migration in plan.migrations {
            if try apply(migration) { applied.append(migration.version) }
        }
        return applied
    }

    /// Applies `migration` in its own transaction unless it is already recorded, which
    /// another process may have done since the last check. Returns whether it was applied.
    private func apply(_ migration: Migration) throws -> Bool {
        try connection.inTransaction { connection in
            let alreadyApplied = try connection.queryFirst(
                "SELECT 1 AS applied FROM schema_migrations WHERE version = $1", migration.version) != nil
            guard !alreadyApplied else { return false }
            do {
                try connection.executeScript(migration.sql(for: connection.dialect))
            } catch {
                throw DatabaseError(
                    .migrationFailed,
                    "migration \(migration.version) (\"\(migration.name)\") failed, nothing of it was applied: \(error)")
            }
            try connection.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version, migration.name, Date())
            return true
        }
    }

    private func recordedMigrations() throws -> [(version: Int, name: String)] {
        try connection.query("SELECT version, name FROM schema_migrations ORDER BY version").map {
            (try $0.decode(Int.self, "version"), try $0.decode(String.self, "name"))
        }
    }

    private func checkRecordedMigrations(_ recorded: [(version: Int, name: String)]) throws {
        for (version, name) in recorded {
            guard let knownName = plan.named(version) else {
                throw DatabaseError(
                    .migrationFailed,
                    "the database has migration \(version) (\"\(name)\") applied, which this binary does not know; "
                        + "it was migrated by a newer release. Refusing to start: deploy that release or restore a backup")
            }
            guard knownName == name else {
                throw DatabaseError(
                    .migrationFailed,
                    "migration \(version) is recorded as \"\(name)\" but this binary calls it \"\(knownName)\"; "
                        + "shipped migrations must never be renumbered or replaced")
            }
        }
    }
}
