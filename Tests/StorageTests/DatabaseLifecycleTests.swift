import Dispatch
import Storage
import XCTest

/// Opening, blocking variants, misuse and closing, on the embedded driver (the pool code
/// they exercise is shared by both drivers).
final class DatabaseLifecycleTests: XCTestCase {
    func testBlockingVariantsMatchAsyncOnes() throws {
        let database = try makeTestDatabase(.sqliteFile)
        try database.migrateBlocking([Migration(version: 1, name: "t", sql: "CREATE TABLE t (x INTEGER)")])
        try database.writeBlocking { try $0.execute("INSERT INTO t VALUES (1)") }
        XCTAssertThrowsError(try database.transactionBlocking { connection in
            try connection.execute("INSERT INTO t VALUES (2)")
            try connection.execute("INSERT INTO missing VALUES (3)")
        })
        let values = try database.readBlocking { try $0.query("SELECT x FROM t").map { try $0.decode(Int.self, "x") } }
        XCTAssertEqual(values, [1])
    }

    func testBlockingCallFromInsideAJobIsRefused() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        await assertThrowsDatabaseError(.misuse) {
            try await database.write { _ in try database.readBlocking { _ in 1 } }
        }
    }

    func testClosedDatabaseRefusesWork() async throws {
        let database = try makeTestDatabase(.sqliteMemory)
        database.close()
        database.close()
        await assertThrowsDatabaseError(.misuse) { try await database.read { _ in 1 } }
        XCTAssertThrowsError(try database.writeBlocking { _ in 1 })
    }

    /// Jobs queued behind a busy writer when `close` is called still run; later ones are refused.
    func testCloseFinishesQueuedJobsFirst() async throws {
        let url = try makeTestDatabaseURL(.sqliteFile)
        let database = try openTestDatabase(url: url)
        try await database.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
        let gate = DispatchSemaphore(value: 0)
        let blocker = Task { try await database.write { _ in _ = gate.wait(timeout: .now() + 10) } }
        let queued = (0..<20).map { number in
            Task { try await database.write { try $0.execute("INSERT INTO t VALUES ($1)", number) } }
        }
        try await Task.sleep(nanoseconds: 50_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { gate.signal() }
        database.close()
        try await blocker.value
        var written = 0
        for task in queued {
            do {
                _ = try await task.value
                written += 1
            } catch let error as DatabaseError {
                XCTAssertEqual(error.kind, .misuse, "only a refusal after close may fail a write: \(error)")
            }
        }
        XCTAssertGreaterThan(written, 0)
        let reopened = try openTestDatabase(url: url)
        let count = try await reopened.count("t")
        XCTAssertEqual(count, written)
    }

    func testInvalidConfigurationIsRejected() {
        XCTAssertThrowsError(try Database.open(url: "")) { XCTAssertEqual(($0 as? DatabaseError)?.kind, .invalidURL) }
        XCTAssertThrowsError(try Database.open(url: "mysql://localhost/db")) { XCTAssertEqual(($0 as? DatabaseError)?.kind, .invalidURL) }
        XCTAssertThrowsError(try Database.open(url: ":memory:", poolSize: 0)) { XCTAssertEqual(($0 as? DatabaseError)?.kind, .misuse) }
        XCTAssertThrowsError(try Database.open(url: "/proc/no/such/dir/x.sqlite")) {
            XCTAssertEqual(($0 as? DatabaseError)?.kind, .connectionFailed)
        }
    }
}
