import Storage
import XCTest

/// What `execute` and `executeScript` run and report, identically on both drivers.
final class StatementTests: XCTestCase {
    func testExecuteRunsOnlyOneStatementOnSQLiteFile() async throws { try await executeRunsOnlyOneStatement(.sqliteFile) }
    func testExecuteRunsOnlyOneStatementOnPostgres() async throws { try await executeRunsOnlyOneStatement(.postgres) }

    func testExecuteCountsRowsTheStatementChangedOnSQLiteMemory() async throws {
        try await executeCountsRowsTheStatementChanged(.sqliteMemory)
    }
    func testExecuteCountsRowsTheStatementChangedOnPostgres() async throws {
        try await executeCountsRowsTheStatementChanged(.postgres)
    }

    private func executeRunsOnlyOneStatement(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write { try $0.execute("CREATE TABLE items (name TEXT)") }
        do {
            try await database.write {
                try $0.execute("INSERT INTO items VALUES ('a'); INSERT INTO items VALUES ('b')", [])
            }
            XCTFail("two statements in execute must be refused")
        } catch is DatabaseError {}
        let countAfterRefusal = try await database.count("items")
        XCTAssertEqual(countAfterRefusal, 0)

        try await database.write { try $0.executeScript("INSERT INTO items VALUES ('a'); INSERT INTO items VALUES ('b');") }
        let countAfterScript = try await database.count("items")
        XCTAssertEqual(countAfterScript, 2)
    }

    private func executeCountsRowsTheStatementChanged(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let counts = try await database.write { connection in
            [
                try connection.execute("CREATE TABLE t (x INTEGER)"),
                try connection.execute("INSERT INTO t VALUES (1), (2), (3)"),
                try connection.execute("CREATE INDEX t_x ON t (x)"),
                try connection.execute("SELECT x FROM t"),
                try connection.execute("UPDATE t SET x = x + 10 WHERE x > 1"),
                try connection.execute("INSERT INTO t VALUES (4) RETURNING x"),
                try connection.execute("DELETE FROM t WHERE x = 99"),
                try connection.execute("DELETE FROM t WHERE x > 10"),
            ]
        }
        XCTAssertEqual(counts, [0, 3, 0, 0, 2, 1, 0, 2])
    }
}
