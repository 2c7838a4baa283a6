import Storage
import XCTest

/// Constraint failures are classified identically on both drivers, so callers can react to
/// them (a duplicate idempotency key, a missing parent row) without knowing the driver.
final class ConstraintErrorTests: XCTestCase {
    func testConstraintFailuresAreClassifiedOnSQLiteFile() async throws { try await constraintFailuresAreClassified(.sqliteFile) }
    func testConstraintFailuresAreClassifiedOnSQLiteMemory() async throws { try await constraintFailuresAreClassified(.sqliteMemory) }
    func testConstraintFailuresAreClassifiedOnPostgres() async throws { try await constraintFailuresAreClassified(.postgres) }

    private func constraintFailuresAreClassified(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write {
            try $0.executeScript("""
                CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);
                CREATE TABLE sessions (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (id),
                                       expires_at BIGINT CHECK (expires_at > 0));
                INSERT INTO users VALUES (1, 'ada@example.com');
                INSERT INTO sessions VALUES ('t1', 1, 10);
                """)
        }
        let duplicateKey = await assertThrowsDatabaseError(.uniqueViolation) {
            try await database.write { try $0.execute("INSERT INTO users VALUES ($1, $2)", 1, "other@example.com") }
        }
        XCTAssertTrue(duplicateKey?.isUniqueViolation ?? false)
        let duplicateColumn = await assertThrowsDatabaseError(.uniqueViolation) {
            try await database.write { try $0.execute("INSERT INTO users VALUES ($1, $2)", 2, "ada@example.com") }
        }
        let foreignKey = await assertThrowsDatabaseError(.foreignKeyViolation) {
            try await database.write { try $0.execute("INSERT INTO sessions VALUES ($1, $2, $3)", "t2", 99, 10) }
        }
        XCTAssertTrue(foreignKey?.isForeignKeyViolation ?? false)
        await assertThrowsDatabaseError(.constraintViolation) {
            try await database.write { try $0.execute("INSERT INTO sessions VALUES ($1, $2, $3)", "t3", SQLValue.null, 10) }
        }
        await assertThrowsDatabaseError(.constraintViolation) {
            try await database.write { try $0.execute("INSERT INTO sessions VALUES ($1, $2, $3)", "t4", 1, -5) }
        }
        await assertThrowsDatabaseError(.statementFailed) {
            try await database.write { try $0.execute("INSERT INTO no_such_table VALUES (1)") }
        }

        switch database.dialect {
        case .sqlite:
            XCTAssertEqual(duplicateKey?.sqliteCode, 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
            XCTAssertEqual(duplicateColumn?.sqliteCode, 2067)  // SQLITE_CONSTRAINT_UNIQUE
        case .postgres:
            XCTAssertEqual(duplicateKey?.sqlState, "23505")
            XCTAssertEqual(foreignKey?.sqlState, "23503")
        }
        XCTAssertEqual(duplicateColumn?.sql, "INSERT INTO users VALUES ($1, $2)")
        // Errors end up in logs: they must not repeat the data (PostgreSQL's DETAIL would).
        XCTAssertFalse(String(describing: duplicateColumn).contains("ada@example.com"))
        let count = try await database.count("sessions")
        XCTAssertEqual(count, 1)
    }
}
