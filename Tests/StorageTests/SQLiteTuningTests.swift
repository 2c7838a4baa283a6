import Foundation
@testable import Storage
import XCTest

/// The SQLite settings the ingest benchmark showed to matter (docs/benchmarks.md, "HealthLog
/// ingest"): statement journals in memory, checkpoints every 10,000 WAL pages, and a 64 MiB page
/// cache on every connection.
final class SQLiteTuningTests: XCTestCase {
    func testEveryConnectionKeepsTemporaryDataInMemory() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        let writer = try await database.write { try $0.queryFirst("PRAGMA temp_store")?[0] }
        let reader = try await database.read { try $0.queryFirst("PRAGMA temp_store")?[0] }
        XCTAssertEqual(writer, 2, "2 = MEMORY")
        XCTAssertEqual(reader, 2)
    }

    func testEveryConnectionHasASixtyFourMebibytePageCache() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        let writer = try await database.write { try $0.queryFirst("PRAGMA cache_size")?[0] }
        let reader = try await database.read { try $0.queryFirst("PRAGMA cache_size")?[0] }
        XCTAssertEqual(writer, -65_536, "negative: KiB")
        XCTAssertEqual(reader, -65_536)
        XCTAssertEqual(SQLiteConnection.pageCacheKiB, 64 * 1024)
    }

    func testWriterCheckpointsEveryTenThousandPages() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        let pages = try await database.write { try $0.queryFirst("PRAGMA wal_autocheckpoint")?[0] }
        XCTAssertEqual(pages, .integer(Int64(SQLiteConnection.walAutoCheckpointPages)))
        XCTAssertEqual(SQLiteConnection.walAutoCheckpointPages, 10_000)
    }

    /// A multi-row INSERT that fails half-way inside a transaction is undone from the in-memory
    /// statement journal: the rows it had written are gone, the transaction's earlier work stays.
    func testFailedMultiRowInsertIsUndoneInsideTheTransaction() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        try await database.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)") }
        let payload = String(repeating: "x", count: 300)
        let rows = 1_000
        let sql = "INSERT INTO t (id, payload) VALUES " + (0..<rows).map { "($\($0 * 2 + 1), $\($0 * 2 + 2))" }.joined(separator: ", ")
        var values: [SQLValue] = []
        for id in 0..<rows { values += [.integer(Int64(id + 10)), id == rows - 1 ? .null : .text(payload)] }
        let bound = values
        let kept = try await database.transaction { connection -> Int in
            try connection.execute("INSERT INTO t (id, payload) VALUES (1, 'kept')")
            XCTAssertThrowsError(try connection.execute(sql, bound), "the last row violates NOT NULL")
            return try connection.queryFirst("SELECT count(*) AS n FROM t")?.decode(Int.self, "n") ?? -1
        }
        XCTAssertEqual(kept, 1)
        let count = try await database.count("t")
        XCTAssertEqual(count, 1)
    }
}
