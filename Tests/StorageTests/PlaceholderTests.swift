import Storage
import XCTest

/// `$n` placeholders mean the same on both drivers: bound by number, reusable, any order.
final class PlaceholderTests: XCTestCase {
    func testPlaceholderListNumbersEachValueFromTheFirst() {
        XCTAssertEqual(placeholderList(count: 3), "$1, $2, $3")
        XCTAssertEqual(placeholderList(count: 2, from: 4), "$4, $5")
    }

    func testPlaceholdersBindByNumberOnSQLiteFile() async throws { try await placeholdersBindByNumber(.sqliteFile) }
    func testPlaceholdersBindByNumberOnPostgres() async throws { try await placeholdersBindByNumber(.postgres) }

    func testMissingParameterIsRejectedOnSQLiteFile() async throws { try await missingParameterIsRejected(.sqliteFile) }
    func testMissingParameterIsRejectedOnPostgres() async throws { try await missingParameterIsRejected(.postgres) }

    private func placeholdersBindByNumber(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let echoed = try await database.read { try $0.queryFirst("SELECT $2 AS a, $1 AS b, $2 AS c", 1, "two") }
        XCTAssertEqual(echoed?.values, [.text("two"), .integer(1), .text("two")])

        try await database.write { connection in
            try connection.execute("CREATE TABLE pairs (left_value TEXT, right_value TEXT)")
            try connection.execute("INSERT INTO pairs (right_value, left_value) VALUES ($2, $1)", "L", "R")
            try connection.execute("INSERT INTO pairs VALUES ($1, $1)", "same")
        }
        let matches = try await database.read { connection in
            try connection.query(
                "SELECT left_value, right_value FROM pairs WHERE left_value = $1 OR right_value = $1 ORDER BY left_value", "same")
        }
        XCTAssertEqual(matches.map(\.values), [[.text("same"), .text("same")]])
        let swapped = try await database.read { try $0.queryFirst("SELECT * FROM pairs WHERE left_value = $1", "L") }
        XCTAssertEqual(swapped?.values, [.text("L"), .text("R")])
    }

    private func missingParameterIsRejected(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let error = await assertThrowsDatabaseError(.misuse) {
            try await database.read { try $0.query("SELECT $1 AS a, $2 AS b", 1) }
        }
        XCTAssertEqual(error?.sql, "SELECT $1 AS a, $2 AS b")
        // The connection is still usable afterwards.
        let row = try await database.read { try $0.queryFirst("SELECT $1 AS a", 1) }
        XCTAssertEqual(row?["a"], .integer(1))
    }
}
