import Foundation

extension Database {
    /// Brings the schema up to date: applies, in version order and each in its own
    /// transaction, every migration not yet recorded in `schema_migrations`, and returns the
    /// versions it applied (empty when the schema was already current).
    ///
    /// Refuses to run, changing nothing, when the database records a version this binary
    /// does not know (a newer binary migrated it: running older code against it could
    /// corrupt data) or records a known version under another name.
    ///
    /// Safe to call from several processes at once: on PostgreSQL the whole run holds a
    /// session advisory lock, so other processes wait and then find nothing left to do; on
    /// SQLite each migration re-checks under `BEGIN IMMEDIATE`, which admits one writer.
    @discardableResult
    public func migrate(_ migrations: [Migration]) async throws -> [Int] {
        let plan = try MigrationPlan(migrations)
        return try await run(on: writer) { try MigrationRunner(connection: $0, plan: plan).run() }
    }

    /// Blocking twin of `migrate`, for command-line tools.
    @discardableResult
    public func migrateBlocking(_ migrations: [Migration]) throws -> [Int] {
        let plan = try MigrationPlan(migrations)
        return try runBlocking(on: writer) { try MigrationRunner(connection: $0, plan: plan).run() }
    }
}

/// The migrations a binary knows, validated and sorted by version.
struct MigrationPlan: Sendable {
    let migrations: [Migration]

    init(_ migrations: [Migration]) throws {
        let sorted = migrations.sorted { $0.version < $1.version }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.version == next.version {
            throw DatabaseError(
                .migrationFailed,
                "migration version \(next.version) is defined twice (\"\(previous.name)\" and \"\(next.name)\")")
        }
        if let invalid = sorted.first(where: { $0.version < 1 }) {
            throw DatabaseError(
                .migrationFailed, "migration \"\(invalid.name)\" has version \(invalid.version); versions start at 1")
        }
        self.migrations = sorted
    }

    func named(_ version: Int) -> String? {
        migrations.first { $0.version == version }?.name
    }
}
