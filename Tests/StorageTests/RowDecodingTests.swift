import Foundation
import Storage
import XCTest

/// Typed decoding of rows produced by each driver, and its error messages.
final class RowDecodingTests: XCTestCase {
    func testDecodingErrorsNameColumnAndTypesOnSQLiteFile() async throws { try await decodingErrorsNameColumnAndTypes(.sqliteFile) }
    func testDecodingErrorsNameColumnAndTypesOnPostgres() async throws { try await decodingErrorsNameColumnAndTypes(.postgres) }

    func testColumnLookupIgnoresCaseFoldingOnSQLiteFile() async throws { try await columnLookupIgnoresCaseFolding(.sqliteFile) }
    func testColumnLookupIgnoresCaseFoldingOnPostgres() async throws { try await columnLookupIgnoresCaseFolding(.postgres) }

    private func decodingErrorsNameColumnAndTypes(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let fetched = try await database.read {
            try $0.queryFirst("SELECT $1 AS amount, $2 AS label, $3 AS absent_value, $4 AS flag", 3_000_000_000, "x", SQLValue.null, 2)
        }
        let row = try XCTUnwrap(fetched)

        try assertMismatch(row, String.self, "amount", mentions: ["\"amount\"", "String", "integer"])
        try assertMismatch(row, Int32.self, "amount", mentions: ["Int32", "out of range"])
        try assertMismatch(row, Int64.self, "label", mentions: ["\"label\"", "Int64", "text"])
        try assertMismatch(row, String.self, "absent_value", mentions: ["\"absent_value\"", "null"])
        try assertMismatch(row, Bool.self, "flag", mentions: ["Bool", "out of range"])
        try assertMismatch(row, Date.self, "label", mentions: ["Date", "text"])
        XCTAssertNil(try row.decode(Int?.self, "absent_value"))

        XCTAssertThrowsError(try row.decode(Int.self, "absent")) { error in
            XCTAssertEqual((error as? DatabaseError)?.kind, .columnNotFound)
            XCTAssertTrue("\(error)".contains("absent") && "\(error)".contains("amount, label, absent_value, flag"), "\(error)")
        }
        XCTAssertThrowsError(try row.decode(Int.self, at: 4)) { error in
            XCTAssertEqual((error as? DatabaseError)?.kind, .columnNotFound)
        }
    }

    private func assertMismatch<T: SQLValueDecodable>(
        _ row: Row, _ type: T.Type, _ column: String, mentions fragments: [String], line: UInt = #line
    ) throws {
        XCTAssertThrowsError(try row.decode(type, column), line: line) { error in
            XCTAssertEqual((error as? DatabaseError)?.kind, .typeMismatch, line: line)
            for fragment in fragments {
                XCTAssertTrue("\(error)".contains(fragment), "\"\(fragment)\" missing from: \(error)", line: line)
            }
        }
    }

    private func columnLookupIgnoresCaseFolding(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        // PostgreSQL reports the unquoted alias as "userid", SQLite as "userId".
        let row = try await database.read { try $0.queryFirst("SELECT 7 AS userId") }
        XCTAssertEqual(try row?.decode(Int.self, "userId"), 7)
        XCTAssertEqual(try row?.decode(Int.self, at: 0), 7)
    }
}
