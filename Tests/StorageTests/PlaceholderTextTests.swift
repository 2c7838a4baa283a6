import Foundation
import Storage
import XCTest

/// Where `$n` is a placeholder and where it is just text, identically on both drivers, and
/// statements with thousands of placeholders (multi-row INSERTs) staying cheap to prepare.
final class PlaceholderTextTests: XCTestCase {
    func testDollarDigitsInsideLiteralsIdentifiersAndCommentsStayTextOnSQLiteFile() async throws {
        try await dollarDigitsInsideLiteralsIdentifiersAndCommentsStayText(.sqliteFile)
    }
    func testDollarDigitsInsideLiteralsIdentifiersAndCommentsStayTextOnPostgres() async throws {
        try await dollarDigitsInsideLiteralsIdentifiersAndCommentsStayText(.postgres)
    }

    func testManyPlaceholdersBindInPlaceOnSQLiteFile() async throws { try await manyPlaceholdersBindInPlace(.sqliteFile) }
    func testManyPlaceholdersBindInPlaceOnPostgres() async throws { try await manyPlaceholdersBindInPlace(.postgres) }

    /// SQLite looks named and numbered parameters up linearly, so 20,000 `$n` used to take
    /// seconds to prepare (quadratic); anonymous slots keep it in milliseconds.
    func testTwentyThousandPlaceholdersPrepareQuicklyOnSQLite() async throws {
        let database = try makeTestDatabase(.sqliteFile)
        try await database.write { try $0.execute("CREATE TABLE wide (a INTEGER, b INTEGER, c INTEGER, d INTEGER)") }
        let rows = 5_000
        let started = Date()
        try await database.write { try $0.execute(Self.insertSQL(rows: rows), (0..<(rows * 4)).map { SQLValue.integer(Int64($0)) }) }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertLessThan(seconds, 1.0, "preparing and running 20,000 placeholders took \(seconds) s")
        let count = try await database.count("wide")
        XCTAssertEqual(count, rows)
    }

    func testOtherPlaceholderFormsAreRefusedOnSQLite() async throws {
        let database = try makeTestDatabase(.sqliteMemory)
        for sql in ["SELECT $name AS a", "SELECT $1::text AS a", "SELECT $1, :second AS a", "SELECT $1 AS a WHERE ? IS NULL"] {
            let error = await assertThrowsDatabaseError(.misuse) { try await database.read { try $0.query(sql, 1) } }
            XCTAssertTrue(error?.message.contains("unsupported placeholder") ?? false, "\(sql): \(String(describing: error))")
            XCTAssertEqual(error?.sql, sql, "errors name the caller's SQL")
        }
    }

    private func dollarDigitsInsideLiteralsIdentifiersAndCommentsStayText(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let row = try await database.read { connection in
            try connection.queryFirst("""
                SELECT '$1' AS literal, 'it''s $2' AS escaped, $2 AS "name$2",
                       $1 AS total$1 -- $3 in a comment
                       /* and $4 in a block comment */
                """, "one", "two")
        }
        XCTAssertEqual(row?.columns, ["literal", "escaped", "name$2", "total$1"])
        XCTAssertEqual(row?.values, [.text("$1"), .text("it's $2"), .text("two"), .text("one")])
    }

    private func manyPlaceholdersBindInPlace(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write { try $0.execute("CREATE TABLE wide (a INTEGER, b INTEGER, c INTEGER, d INTEGER)") }
        let rows = 2_500
        try await database.write { try $0.execute(Self.insertSQL(rows: rows), (0..<(rows * 4)).map { SQLValue.integer(Int64($0)) }) }
        let sample = try await database.read { connection in
            try connection.query("SELECT a, b, c, d FROM wide WHERE a IN ($1, $2, $3) ORDER BY a", 0, 4_000, 9_996)
        }
        XCTAssertEqual(sample.map(\.values), [[0, 1, 2, 3], [4_000, 4_001, 4_002, 4_003], [9_996, 9_997, 9_998, 9_999]])
        let sums = try await database.read { try $0.queryFirst("SELECT count(*) AS n, sum(d - a) AS spread FROM wide") }
        XCTAssertEqual(try sums?.decode(Int.self, "n"), rows)
        XCTAssertEqual(try sums?.decode(Int.self, "spread"), rows * 3)
    }

    /// `INSERT INTO wide VALUES ($1, $2, $3, $4), ($5, …)` for `rows` rows.
    private static func insertSQL(rows: Int) -> String {
        "INSERT INTO wide (a, b, c, d) VALUES "
            + (0..<rows).map { row in "(" + (1...4).map { "$\(row * 4 + $0)" }.joined(separator: ", ") + ")" }
                .joined(separator: ", ")
    }
}
