import Foundation
@testable import Storage
import XCTest

/// Behaviour specific to the SQLite driver: connection settings, read-only readers, the
/// statement cache, placeholder strictness, file handling.
final class SQLiteDriverTests: XCTestCase {
    func testConnectionsUseWALForeignKeysAndNormalSync() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        let writerSettings = try await database.write { connection in
            try ["journal_mode", "foreign_keys", "synchronous", "busy_timeout"].map {
                try connection.queryFirst("PRAGMA \($0)")?[0]
            }
        }
        XCTAssertEqual(writerSettings, ["wal", 1, 1, 5000])
        let readerForeignKeys = try await database.read { try $0.queryFirst("PRAGMA foreign_keys")?[0] }
        XCTAssertEqual(readerForeignKeys, 1)
    }

    func testReadRefusesToWrite() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        try await database.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
        let error = await assertThrowsDatabaseError(.statementFailed) {
            try await database.read { try $0.execute("INSERT INTO t VALUES (1)") }
        }
        XCTAssertTrue(error?.message.contains("readonly") ?? false, String(describing: error))
        let count = try await database.count("t")
        XCTAssertEqual(count, 0)
    }

    func testStatementCacheEvictsLeastRecentlyUsed() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWrite, statementCacheCapacity: 2)
        defer { connection.close() }
        for sql in ["SELECT 1", "SELECT 2", "SELECT 1", "SELECT 3"] {
            _ = try connection.query(sql, [])
        }
        XCTAssertEqual(connection.statements.count, 2)
        XCTAssertTrue(connection.statements.contains("SELECT 1"), "recently used, kept")
        XCTAssertFalse(connection.statements.contains("SELECT 2"), "least recently used, evicted")
        XCTAssertTrue(connection.statements.contains("SELECT 3"))
        XCTAssertEqual(try connection.query("SELECT 2 AS two", []).first?["two"], 2, "evicted statements are re-prepared")
    }

    func testOnlyNumberedPlaceholdersAreAccepted() async throws {
        let database = try makeTestDatabase(.sqliteMemory)
        for sql in ["SELECT ? AS a", "SELECT :name AS a", "SELECT @name AS a", "SELECT ?1 AS a", "SELECT $01 AS a"] {
            await assertThrowsDatabaseError(.misuse) { try await database.read { try $0.query(sql, 1) } }
        }
        let gap = await assertThrowsDatabaseError(.misuse) {
            try await database.read { try $0.query("SELECT $2 AS a", 1, 2) }
        }
        XCTAssertTrue(gap?.message.contains("$1 is never used") ?? false, String(describing: gap))
        await assertThrowsDatabaseError(.misuse) {
            try await database.read { try $0.query("SELECT $1 AS a", 1, 2) }
        }
    }

    func testMissingParentDirectoriesAreCreated() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storage-tests-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("nested/data/app.sqlite").path
        let database = try openTestDatabase(url: "sqlite://" + path)
        try await database.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testEachInMemoryDatabaseIsPrivate() async throws {
        let first = try makeTestDatabase(.sqliteMemory)
        let second = try makeTestDatabase(.sqliteMemory)
        try await first.write { try $0.execute("CREATE TABLE only_in_first (x INTEGER)") }
        await assertThrowsDatabaseError(.statementFailed) {
            try await second.read { try $0.query("SELECT * FROM only_in_first") }
        }
    }
}
