import Storage
import XCTest

/// `transaction` is all or nothing, and no job leaves a transaction open for the next one.
final class TransactionTests: XCTestCase {
    func testCommitKeepsEveryStatementOnSQLiteFile() async throws { try await commitKeepsEveryStatement(.sqliteFile) }
    func testCommitKeepsEveryStatementOnSQLiteMemory() async throws { try await commitKeepsEveryStatement(.sqliteMemory) }
    func testCommitKeepsEveryStatementOnPostgres() async throws { try await commitKeepsEveryStatement(.postgres) }

    func testFailingStatementRollsBackEverythingOnSQLiteFile() async throws { try await failingStatementRollsBackEverything(.sqliteFile) }
    func testFailingStatementRollsBackEverythingOnSQLiteMemory() async throws { try await failingStatementRollsBackEverything(.sqliteMemory) }
    func testFailingStatementRollsBackEverythingOnPostgres() async throws { try await failingStatementRollsBackEverything(.postgres) }

    func testSwiftErrorRollsBackAndIsRethrownOnSQLiteFile() async throws { try await swiftErrorRollsBackAndIsRethrown(.sqliteFile) }
    func testSwiftErrorRollsBackAndIsRethrownOnPostgres() async throws { try await swiftErrorRollsBackAndIsRethrown(.postgres) }

    func testTransactionLeftOpenByJobIsRolledBackOnSQLiteFile() async throws { try await transactionLeftOpenByJobIsRolledBack(.sqliteFile) }
    func testTransactionLeftOpenByJobIsRolledBackOnPostgres() async throws { try await transactionLeftOpenByJobIsRolledBack(.postgres) }

    private struct Abort: Error, Equatable {}

    private func makeAccounts(_ backend: TestBackend) async throws -> Database {
        let database = try makeTestDatabase(backend)
        try await database.write {
            try $0.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT NOT NULL UNIQUE, balance BIGINT NOT NULL)")
        }
        return database
    }

    private func commitKeepsEveryStatement(_ backend: TestBackend) async throws {
        let database = try await makeAccounts(backend)
        let returnedID = try await database.transaction { connection in
            try connection.execute("INSERT INTO accounts VALUES (1, 'ada', 100)")
            try connection.execute("INSERT INTO accounts VALUES (2, 'bob', 0)")
            try connection.execute("UPDATE accounts SET balance = balance - 30 WHERE id = 1")
            try connection.execute("UPDATE accounts SET balance = balance + 30 WHERE id = 2")
            return try connection.queryFirst("INSERT INTO accounts VALUES (3, 'cy', 5) RETURNING id")?.decode(Int.self, "id")
        }
        XCTAssertEqual(returnedID, 3)
        let balances = try await database.read {
            try $0.query("SELECT balance FROM accounts ORDER BY id").map { try $0.decode(Int.self, "balance") }
        }
        XCTAssertEqual(balances, [70, 30, 5])
    }

    private func failingStatementRollsBackEverything(_ backend: TestBackend) async throws {
        let database = try await makeAccounts(backend)
        try await database.write { try $0.execute("INSERT INTO accounts VALUES (1, 'ada', 100)") }
        await assertThrowsDatabaseError(.uniqueViolation) {
            try await database.transaction { connection in
                try connection.execute("UPDATE accounts SET balance = 0 WHERE id = 1")
                try connection.execute("INSERT INTO accounts VALUES (2, 'bob', 1)")
                try connection.execute("INSERT INTO accounts VALUES (3, 'ada', 1)")
            }
        }
        let rows = try await database.read { try $0.query("SELECT id, balance FROM accounts").map(\.values) }
        XCTAssertEqual(rows, [[.integer(1), .integer(100)]])
    }

    private func swiftErrorRollsBackAndIsRethrown(_ backend: TestBackend) async throws {
        let database = try await makeAccounts(backend)
        do {
            try await database.transaction { connection in
                try connection.execute("INSERT INTO accounts VALUES (1, 'ada', 100)")
                throw Abort()
            }
            XCTFail("the closure's error must be rethrown")
        } catch let error as Abort {
            XCTAssertEqual(error, Abort())
        }
        let count = try await database.count("accounts")
        XCTAssertEqual(count, 0)
    }

    private func transactionLeftOpenByJobIsRolledBack(_ backend: TestBackend) async throws {
        let database = try await makeAccounts(backend)
        try await database.write { connection in
            try connection.executeScript("BEGIN")
            try connection.execute("INSERT INTO accounts VALUES (1, 'ada', 100)")
        }
        let count = try await database.count("accounts")
        XCTAssertEqual(count, 0)
        // The writer is back in autocommit mode: a new transaction starts and commits normally.
        try await database.transaction { try $0.execute("INSERT INTO accounts VALUES (2, 'bob', 1)") }
        let countAfterCommit = try await database.count("accounts")
        XCTAssertEqual(countAfterCommit, 1)
    }
}
