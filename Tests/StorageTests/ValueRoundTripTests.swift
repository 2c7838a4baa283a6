import Foundation
import Storage
import XCTest

/// Every `SQLValue` written comes back identical, through a table and through a bare `$1`.
final class ValueRoundTripTests: XCTestCase {
    func testEveryValueKindRoundTripsOnSQLiteFile() async throws { try await everyValueKindRoundTrips(.sqliteFile) }
    func testEveryValueKindRoundTripsOnSQLiteMemory() async throws { try await everyValueKindRoundTrips(.sqliteMemory) }
    func testEveryValueKindRoundTripsOnPostgres() async throws { try await everyValueKindRoundTrips(.postgres) }

    func testSwiftTypesRoundTripOnSQLiteFile() async throws { try await swiftTypesRoundTrip(.sqliteFile) }
    func testSwiftTypesRoundTripOnPostgres() async throws { try await swiftTypesRoundTrip(.postgres) }

    func testTextWithNULIsRejectedOnSQLiteFile() async throws { try await textWithNULIsRejected(.sqliteFile) }
    func testTextWithNULIsRejectedOnPostgres() async throws { try await textWithNULIsRejected(.postgres) }

    /// NaN is left out on purpose: SQLite stores it as NULL.
    private static let samples: [(integer: SQLValue, real: SQLValue, text: SQLValue, blob: SQLValue)] = [
        (.integer(0), .real(0), .text(""), .blob([])),
        (.integer(Int64.max), .real(0.1), .text("héllo wörld"), .blob([0])),
        (.integer(Int64.min), .real(-1e300), .text("👩‍👩‍👧 日本語 עברית"), .blob([0, 255, 1, 254, 0])),
        (.integer(-1), .real(.leastNonzeroMagnitude), .text("quotes ' \" \\ and $1 ; -- not a comment"), .blob(Array(0...255))),
        (.integer(1 << 53 + 1), .real(.infinity), .text(String(repeating: "long ", count: 20_000)), .blob(randomBytes(65_536))),
        (.null, .real(-.infinity), .text("\n\t\r"), .null),
        (.integer(42), .null, .null, .blob([7])),
    ]

    private func everyValueKindRoundTrips(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let blobType = database.dialect.blobType
        try await database.write {
            try $0.execute("CREATE TABLE samples (id INTEGER PRIMARY KEY, i BIGINT, r DOUBLE PRECISION, t TEXT, b \(blobType))")
        }
        for (id, sample) in Self.samples.enumerated() {
            let inserted = try await database.write {
                try $0.execute(
                    "INSERT INTO samples (id, i, r, t, b) VALUES ($1, $2, $3, $4, $5)",
                    [.integer(Int64(id)), sample.integer, sample.real, sample.text, sample.blob])
            }
            XCTAssertEqual(inserted, 1)
        }
        let rows = try await database.read { try $0.query("SELECT i, r, t, b FROM samples ORDER BY id", []) }
        XCTAssertEqual(rows.count, Self.samples.count)
        for (row, sample) in zip(rows, Self.samples) {
            XCTAssertEqual(row.values, [sample.integer, sample.real, sample.text, sample.blob])
        }

        for value in Self.samples.flatMap({ [$0.integer, $0.real, $0.text, $0.blob] }) where !value.isNull {
            let echoed = try await database.read { try $0.queryFirst("SELECT $1 AS v", [value])?["v"] }
            XCTAssertEqual(echoed, value)
        }
    }

    private func swiftTypesRoundTrip(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let blobType = database.dialect.blobType
        try await database.write {
            try $0.execute("""
                CREATE TABLE typed (i INTEGER, i64 BIGINT, i32 INTEGER, d DOUBLE PRECISION, s TEXT, flag SMALLINT,
                                    at BIGINT, bytes \(blobType), missing TEXT)
                """)
        }
        let moment = Date(timeIntervalSince1970: 1_700_000_000.75)
        let noText: String? = nil
        try await database.write {
            try $0.execute(
                "INSERT INTO typed VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                Int(-7), Int64.max, Int32.min, 2.5, "swift", true, moment, [UInt8]([1, 2, 3]), noText)
        }
        let row = try await database.read { try $0.queryFirst("SELECT * FROM typed") }
        let typed = try XCTUnwrap(row)
        XCTAssertEqual(try typed.decode(Int.self, "i"), -7)
        XCTAssertEqual(try typed.decode(Int64.self, "i64"), Int64.max)
        XCTAssertEqual(try typed.decode(Int32.self, "i32"), Int32.min)
        XCTAssertEqual(try typed.decode(Double.self, "d"), 2.5)
        XCTAssertEqual(try typed.decode(String.self, "s"), "swift")
        XCTAssertEqual(try typed.decode(Bool.self, "flag"), true)
        // Dates are whole unix seconds: the fraction is dropped, rounding down.
        XCTAssertEqual(try typed.decode(Date.self, "at"), Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(typed["at"], .integer(1_700_000_000))
        XCTAssertEqual(try typed.decode([UInt8].self, "bytes"), [1, 2, 3])
        XCTAssertEqual(try typed.decode(String?.self, "missing"), nil)
        XCTAssertEqual(try typed.decode(String?.self, "s"), "swift")
        let inferred: Int64 = try typed.decode("i64")
        XCTAssertEqual(inferred, Int64.max)
    }

    private func textWithNULIsRejected(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write { try $0.execute("CREATE TABLE notes (body TEXT)") }
        let error = await assertThrowsDatabaseError(.misuse) {
            try await database.write { try $0.execute("INSERT INTO notes VALUES ($1)", "before\u{0}after") }
        }
        XCTAssertTrue(error?.message.contains("NUL") ?? false, "\(String(describing: error))")
        let count = try await database.count("notes")
        XCTAssertEqual(count, 0)
    }
}

func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}
