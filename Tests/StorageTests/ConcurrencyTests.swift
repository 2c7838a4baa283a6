import Dispatch
import Foundation
import Storage
import Synchronization
import XCTest

/// Concurrent use from many tasks: nothing lost, no lock errors, and blocking work stays off
/// Swift's cooperative thread pool.
final class ConcurrencyTests: XCTestCase {
    func testConcurrentWritersLoseNothingOnSQLiteFile() async throws { try await concurrentWritersLoseNothing(.sqliteFile) }
    func testConcurrentWritersLoseNothingOnSQLiteMemory() async throws { try await concurrentWritersLoseNothing(.sqliteMemory) }
    func testConcurrentWritersLoseNothingOnPostgres() async throws { try await concurrentWritersLoseNothing(.postgres) }

    func testWritersInSeveralDatabasesShareOneStoreOnSQLiteFile() async throws { try await writersInSeveralDatabasesShareOneStore(.sqliteFile) }
    func testWritersInSeveralDatabasesShareOneStoreOnPostgres() async throws { try await writersInSeveralDatabasesShareOneStore(.postgres) }

    func testBlockingClosuresRunOffTheCooperativePoolOnSQLiteFile() async throws { try await blockingClosuresRunOffTheCooperativePool(.sqliteFile) }
    func testBlockingClosuresRunOffTheCooperativePoolOnPostgres() async throws { try await blockingClosuresRunOffTheCooperativePool(.postgres) }

    func testManyConcurrentReadsCompleteOnSQLiteFile() async throws { try await manyConcurrentReadsComplete(.sqliteFile) }
    func testManyConcurrentReadsCompleteOnSQLiteMemory() async throws { try await manyConcurrentReadsComplete(.sqliteMemory) }
    func testManyConcurrentReadsCompleteOnPostgres() async throws { try await manyConcurrentReadsComplete(.postgres) }

    func testReadsProceedWhileATransactionIsOpenOnSQLiteFile() async throws { try await readsProceedWhileATransactionIsOpen(.sqliteFile) }
    func testReadsProceedWhileATransactionIsOpenOnPostgres() async throws { try await readsProceedWhileATransactionIsOpen(.postgres) }

    private func createEvents(_ database: Database) async throws {
        let id = database.dialect.generatedKeyColumn
        try await database.write { try $0.execute("CREATE TABLE events (id \(id), writer INTEGER NOT NULL, seq INTEGER NOT NULL)") }
    }

    private func concurrentWritersLoseNothing(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await createEvents(database)
        try await insertConcurrently(into: [database], writers: 8, each: 50)
        let count = try await database.count("events")
        XCTAssertEqual(count, 400)
    }

    /// Two `Database`s on one store stand in for two server processes competing for locks.
    private func writersInSeveralDatabasesShareOneStore(_ backend: TestBackend) async throws {
        let url = try makeTestDatabaseURL(backend)
        let databases = try (0..<2).map { _ in try openTestDatabase(url: url) }
        try await createEvents(databases[0])
        try await insertConcurrently(into: databases, writers: 8, each: 50)
        let count = try await databases[1].count("events")
        XCTAssertEqual(count, 800)
    }

    /// Each writer alternates plain writes and read-then-write transactions.
    private func insertConcurrently(into databases: [Database], writers: Int, each: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, database) in databases.enumerated() {
                for writer in 0..<writers {
                    let writerID = index * writers + writer
                    group.addTask {
                        for seq in stride(from: 0, to: each, by: 2) {
                            try await database.write {
                                try $0.execute("INSERT INTO events (writer, seq) VALUES ($1, $2)", writerID, seq)
                            }
                            // Read, then write: the pattern that fails with SQLITE_BUSY unless
                            // the transaction takes the write lock up front.
                            try await database.transaction { connection in
                                let written = try connection.queryFirst(
                                    "SELECT count(*) AS n FROM events WHERE writer = $1", writerID)?.decode(Int.self, "n")
                                try connection.execute("INSERT INTO events (writer, seq) VALUES ($1, $2)", writerID, written ?? -1)
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Four closures block at once until an async task releases them. Were they run on the
    /// cooperative pool (two threads here), the releasing task could never run and the
    /// closures would time out instead of being released.
    private func blockingClosuresRunOffTheCooperativePool(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend, poolSize: 4)
        let started = Counter()
        let release = DispatchSemaphore(value: 0)
        async let outcomes = withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await database.read { _ in
                        started.increment()
                        return release.wait(timeout: .now() + 10) == .success
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        let allStarted = try await eventually { started.value == 4 }
        XCTAssertTrue(allStarted, "all four closures run at once")
        for _ in 0..<4 { release.signal() }
        let released = try await outcomes
        XCTAssertEqual(released, [true, true, true, true])
    }

    private func manyConcurrentReadsComplete(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let sums = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for number in 0..<500 {
                group.addTask {
                    let sum = try await database.read { try $0.queryFirst("SELECT $1 + 1 AS n", number)?.decode(Int.self, "n") }
                    return (number, try XCTUnwrap(sum))
                }
            }
            return try await group.reduce(into: [(Int, Int)]()) { $0.append($1) }
        }
        XCTAssertEqual(sums.count, 500)
        XCTAssertTrue(sums.allSatisfy { $0.1 == $0.0 + 1 })
    }

    /// While a transaction holds the write lock, reads are answered from the last commit.
    private func readsProceedWhileATransactionIsOpen(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await createEvents(database)
        let inserted = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        async let transaction: Void = database.transaction { connection in
            try connection.execute("INSERT INTO events (writer, seq) VALUES (1, 1)")
            inserted.signal()
            _ = finish.wait(timeout: .now() + 10)
        }
        let transactionInserted = try await eventually { inserted.wait(timeout: .now()) == .success }
        XCTAssertTrue(transactionInserted)
        let countDuringTransaction = try await database.count("events")
        finish.signal()
        try await transaction
        let countAfterCommit = try await database.count("events")
        XCTAssertEqual(countDuringTransaction, 0)
        XCTAssertEqual(countAfterCommit, 1)
    }
}

/// A thread-safe counter that closures can share (an `Atomic` itself cannot be captured).
private final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.add(1, ordering: .sequentiallyConsistent) }

    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}
