import Foundation
import Storage
import TestDatabaseSupport
import XCTest
@testable import JarvisAPI

extension XCTestCase {
    /// A Jarvis database, migrated, in a SQLite file of this test's own (its path, for a
    /// server started on it); closed and removed when the test ends.
    func makeJarvisSQLite(poolSize: Int = 4) throws -> (database: Database, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jarvis-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("j.sqlite").path
        let database = try Database.open(url: path, poolSize: poolSize)
        addTeardownBlock {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        return (database, path)
    }
}

extension XCTestCase {
    /// A Jarvis database, migrated, in a PostgreSQL schema of this test's own; closed when the
    /// test ends (before the schema is dropped).
    func makeJarvisPostgres(prefix: String) throws -> Database {
        let database = try Database.open(url: try makePostgresSchemaURL(prefix: prefix), poolSize: 1)
        addTeardownBlock { database.close() }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        return database
    }
}
