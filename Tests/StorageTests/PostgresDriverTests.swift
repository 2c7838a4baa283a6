import Storage
import XCTest

/// Behaviour specific to the PostgreSQL driver: type mapping, reconnection, SQLSTATEs.
/// Skipped without `TEST_POSTGRES_URL` (failed instead under `REQUIRE_POSTGRES=1`).
final class PostgresDriverTests: XCTestCase {
    func testNativeTypesMapOntoSQLValues() async throws {
        let database = try makeTestDatabase(.postgres)
        let row = try await database.read { connection in
            try connection.queryFirst("""
                SELECT 1::int2 AS small, 2::int4 AS regular, 9007199254740993::int8 AS big, 1.5::float4 AS single,
                       0.1::float8 AS double, 12.25::numeric AS exact, true AS yes, false AS no,
                       '\\x00ff10'::bytea AS bytes, ''::bytea AS empty_bytes,
                       '2024-02-29 12:30:00+02'::timestamptz AS moment, 'é'::varchar AS word,
                       NULL::int4 AS nothing, 'NaN'::float8 AS not_a_number, '-Infinity'::float8 AS minus_infinity
                """)
        }
        let values = try XCTUnwrap(row)
        XCTAssertEqual(values["small"], 1)
        XCTAssertEqual(values["regular"], 2)
        XCTAssertEqual(values["big"], .integer(9_007_199_254_740_993))
        XCTAssertEqual(values["single"], 1.5)
        XCTAssertEqual(values["double"], 0.1)
        XCTAssertEqual(values["exact"], 12.25)
        XCTAssertEqual(values["yes"], 1)
        XCTAssertEqual(values["no"], 0)
        XCTAssertEqual(try values.decode(Bool.self, "yes"), true)
        XCTAssertEqual(values["bytes"], .blob([0x00, 0xFF, 0x10]))
        XCTAssertEqual(values["empty_bytes"], .blob([]))
        XCTAssertEqual(values["moment"], "2024-02-29 10:30:00+00", "sessions run in UTC")
        XCTAssertEqual(values["word"], "é")
        XCTAssertEqual(values["nothing"], .null)
        XCTAssertTrue(try values.decode(Double.self, "not_a_number").isNaN)
        XCTAssertEqual(values["minus_infinity"], .real(-.infinity))
    }

    func testConnectionDroppedByServerIsReplacedBeforeNextJob() async throws {
        let url = try makeTestDatabaseURL(.postgres)
        let database = try openTestDatabase(url: url, poolSize: 1)
        let killer = try openTestDatabase(url: url, poolSize: 1)
        let firstPID = try await database.read { try $0.queryFirst("SELECT pg_backend_pid() AS pid")?.decode(Int.self, "pid") }
        let pid = try XCTUnwrap(firstPID)
        let terminated = try await killer.write {
            // Integers are sent as int8; functions taking int4 need the cast.
            try $0.queryFirst("SELECT pg_terminate_backend(CAST($1 AS INTEGER)) AS done", pid)?.decode(Bool.self, "done")
        }
        XCTAssertEqual(terminated, true)
        // The backend exits asynchronously: wait until the server no longer lists it, then a
        // little longer, as the process closes its socket only at the very end of its exit.
        let gone = try await eventually {
            try await killer.read { try $0.query("SELECT 1 AS alive FROM pg_stat_activity WHERE pid = $1", pid) }.isEmpty
        }
        XCTAssertTrue(gone)
        try await Task.sleep(nanoseconds: 200_000_000)

        let secondPID = try await database.read { try $0.queryFirst("SELECT pg_backend_pid() AS pid")?.decode(Int.self, "pid") }
        XCTAssertNotNil(secondPID)
        XCTAssertNotEqual(secondPID, pid, "a new backend serves the next job")
        let timeZone = try await database.read { try $0.queryFirst("SHOW TimeZone")?[0] }
        XCTAssertEqual(timeZone, "UTC", "session settings are applied again after reconnecting")
    }

    func testUnreachableServerFailsOpen() throws {
        XCTAssertThrowsError(try Database.open(url: "postgres://postgres@127.0.0.1:1/postgres?connect_timeout=2")) { error in
            XCTAssertEqual((error as? DatabaseError)?.kind, .connectionFailed, "\(error)")
        }
    }

    func testServerErrorsCarrySQLState() async throws {
        let database = try makeTestDatabase(.postgres)
        let syntax = await assertThrowsDatabaseError(.statementFailed) {
            try await database.read { try $0.query("SELEC 1") }
        }
        XCTAssertEqual(syntax?.sqlState, "42601")
        let serialization = await assertThrowsDatabaseError(.busy) {
            try await database.read { try $0.query("DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$") }
        }
        XCTAssertEqual(serialization?.sqlState, "40001")
    }
}
