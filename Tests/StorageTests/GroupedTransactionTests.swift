@testable import Storage
import TestDatabaseSupport
import XCTest

/// `groupedTransaction`: on SQLite the transactions waiting for the writer commit as one group,
/// each in its own savepoint, so a failing one rolls back alone and gets its own error while the
/// others are stored; every caller is answered after the shared commit. PostgreSQL runs each as
/// a transaction of its own, with the same outcome for every caller.
final class GroupedTransactionTests: XCTestCase {
    func testFailingMembersRollBackAloneOnSQLiteFile() async throws { try await failingMembersRollBackAlone(.sqliteFile) }
    func testFailingMembersRollBackAloneOnSQLiteMemory() async throws { try await failingMembersRollBackAlone(.sqliteMemory) }
    func testFailingMembersRollBackAloneOnPostgres() async throws { try await failingMembersRollBackAlone(.postgres) }

    func testMemberThatEndsTheTransactionLeavesTheOthersStoredOnSQLiteFile() async throws {
        try await memberThatEndsTheTransactionLeavesTheOthersStored(.sqliteFile)
    }

    func testCloseWithGroupWaitingStoresItWholeOnSQLiteFile() async throws { try await closeWithGroupWaitingStoresItWhole() }

    private struct Refused: Error, Equatable {
        let batch: Int
    }

    /// What one member of a test group does after inserting its rows.
    private enum Ending: Sendable {
        case returns
        /// Inserts a row whose key another batch already used: a unique violation.
        case violatesUniqueKey
        case throwsSwiftError
        /// Rolls back the whole transaction behind the group's back, then throws.
        case endsTheTransaction
    }

    private func makeItems(_ backend: TestBackend) async throws -> Database {
        let database = try makeTestDatabase(backend)
        try await database.write {
            try $0.execute("CREATE TABLE items (batch INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (batch, n))")
        }
        return database
    }

    /// Three rows for `batch`, then its ending; returns the batch number.
    private static func member(_ batch: Int, _ ending: Ending) -> @Sendable (any DatabaseConnection) throws -> Int {
        { connection in
            for n in 0..<3 { try connection.execute("INSERT INTO items (batch, n) VALUES ($1, $2)", batch, n) }
            switch ending {
            case .returns: break
            case .violatesUniqueKey: try connection.execute("INSERT INTO items (batch, n) VALUES ($1, 0)", batch)
            case .throwsSwiftError: throw Refused(batch: batch)
            case .endsTheTransaction:
                try connection.execute("ROLLBACK", [])
                throw Refused(batch: batch)
            }
            return batch
        }
    }

    /// Starts one grouped transaction per ending while the writer is held, releases it once all
    /// of them wait for it (SQLite) and returns each caller's outcome, in order.
    private func runGroup(_ database: Database, _ endings: [Ending]) async throws -> [Result<Int, any Error>] {
        let (outcomes, allWaited) = try await WriterHold.queued(on: database, endings.enumerated().map { batch, ending in
            { try await database.groupedTransaction(Self.member(batch, ending)) }
        })
        XCTAssertTrue(allWaited, "every grouped transaction waits for the writer")
        return outcomes
    }

    private func storedBatches(_ database: Database) async throws -> [Int: Int] {
        let rows = try await database.read { try $0.query("SELECT batch, count(*) AS n FROM items GROUP BY batch") }
        var counts: [Int: Int] = [:]
        for row in rows { counts[try row.decode(Int.self, "batch")] = try row.decode(Int.self, "n") }
        return counts
    }

    private func failingMembersRollBackAlone(_ backend: TestBackend) async throws {
        let database = try await makeItems(backend)
        let commitsBefore = database.transactionGroup?.commitCount
        let outcomes = try await runGroup(database, [.returns, .violatesUniqueKey, .returns, .throwsSwiftError, .returns])

        XCTAssertEqual(try outcomes[0].get(), 0)
        XCTAssertEqual(try outcomes[2].get(), 2)
        XCTAssertEqual(try outcomes[4].get(), 4)
        XCTAssertThrowsError(try outcomes[1].get()) { XCTAssertEqual(($0 as? DatabaseError)?.kind, .uniqueViolation, "\($0)") }
        XCTAssertThrowsError(try outcomes[3].get()) { XCTAssertEqual($0 as? Refused, Refused(batch: 3)) }
        let stored = try await storedBatches(database)
        XCTAssertEqual(stored, [0: 3, 2: 3, 4: 3], "the failing batches store nothing, the others everything")
        if let commitsBefore, let group = database.transactionGroup {
            XCTAssertEqual(group.commitCount, commitsBefore + 1, "the five ran as one group with one commit")
        }
    }

    /// A member whose failure took the whole transaction with it: the members that had run
    /// before it are run again in a new transaction and stored, and so are those after it.
    private func memberThatEndsTheTransactionLeavesTheOthersStored(_ backend: TestBackend) async throws {
        let database = try await makeItems(backend)
        let outcomes = try await runGroup(database, [.returns, .returns, .endsTheTransaction, .violatesUniqueKey, .returns])

        XCTAssertEqual(outcomes.compactMap { try? $0.get() }, [0, 1, 4])
        XCTAssertThrowsError(try outcomes[2].get()) { XCTAssertEqual($0 as? Refused, Refused(batch: 2)) }
        XCTAssertThrowsError(try outcomes[3].get()) { XCTAssertEqual(($0 as? DatabaseError)?.kind, .uniqueViolation, "\($0)") }
        let stored = try await storedBatches(database)
        XCTAssertEqual(stored, [0: 3, 1: 3, 4: 3])
    }

    /// `close` while a group waits for the writer: the group runs and commits before the
    /// connections close, every caller gets its answer, and a reopened database holds exactly
    /// the answered batches, each whole. A grouped transaction after `close` is refused.
    private func closeWithGroupWaitingStoresItWhole() async throws {
        let url = try makeTestDatabaseURL(.sqliteFile)
        let database = try Database.open(url: url, poolSize: 1)
        try await database.write {
            try $0.execute("CREATE TABLE items (batch INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (batch, n))")
        }
        let hold = await WriterHold(database)
        let endings: [Ending] = [.returns, .throwsSwiftError, .returns, .returns]
        let calls = endings.enumerated().map { batch, ending in
            Task { try await database.groupedTransaction(Self.member(batch, ending)) }
        }
        let queued = try await eventually { database.groupedTransactionsWaiting == endings.count }
        XCTAssertTrue(queued)
        let closed = Task.detached { database.close() }
        let closing = try await eventually { database.writer.isShutDown }
        XCTAssertTrue(closing, "close has begun while the group waits")
        try await hold.release()
        await closed.value
        var answered: [Int] = []
        for call in calls { if let batch = try? await call.value { answered.append(batch) } }
        XCTAssertEqual(answered, [0, 2, 3])
        await assertThrowsDatabaseError(.misuse) { try await database.groupedTransaction(Self.member(9, .returns)) }

        let reopened = try openTestDatabase(url: url, poolSize: 1)
        let stored = try await storedBatches(reopened)
        XCTAssertEqual(stored, [0: 3, 2: 3, 3: 3])
    }
}
