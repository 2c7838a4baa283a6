@testable import HealthLogAPI
import Storage
import XCTest

/// The multi-row INSERT text both batch endpoints run: numbered placeholders row after row.
final class MultiRowInsertTests: XCTestCase {
    func testStatementNumbersPlaceholdersRowAfterRow() {
        let insert = MultiRowInsert<[String]>(table: "t", columns: ["id", "a", "b"].enumerated().map { index, name in
            InsertColumn(name) { .text($0[index]) }
        }, conflictColumns: ["a", "b"])
        XCTAssertEqual(insert.sql(rowCount: 1), "INSERT INTO t (id, a, b) VALUES ($1, $2, $3) ON CONFLICT (a, b) DO NOTHING")
        let wide = insert.sql(rowCount: 4)
        XCTAssertTrue(wide.contains("VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, $9), ($10, $11, $12) ON CONFLICT"), wide)
    }
}
