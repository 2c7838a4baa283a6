import Foundation
import Storage
import XCTest

/// The value conversions themselves, independent of any driver.
final class SQLValueTests: XCTestCase {
    func testLiteralsBuildTheMatchingCase() {
        let values: [SQLValue] = [nil, 42, 2.5, true, false, "text"]
        XCTAssertEqual(values, [.null, .integer(42), .real(2.5), .integer(1), .integer(0), .text("text")])
    }

    func testSwiftValuesConvertToOneRepresentation() {
        let missing: Int? = nil
        XCTAssertEqual(Int(7).sqlValue, .integer(7))
        XCTAssertEqual(Int32(-7).sqlValue, .integer(-7))
        XCTAssertEqual("s"[...].sqlValue, .text("s"))
        XCTAssertEqual(Date(timeIntervalSince1970: -1.5).sqlValue, .integer(-2), "dates round down to whole seconds")
        XCTAssertEqual([UInt8]([1]).sqlValue, .blob([1]))
        XCTAssertEqual(missing.sqlValue, .null)
        XCTAssertEqual(Optional(3).sqlValue, .integer(3))
    }

    func testDecodingAcceptsOnlyExactRepresentations() {
        XCTAssertEqual(Int64(sqlValue: .real(3.0)), 3, "PostgreSQL numeric aggregates arrive as reals")
        XCTAssertNil(Int64(sqlValue: .real(3.5)))
        XCTAssertNil(Int64(sqlValue: .real(1e19)))
        XCTAssertNil(Int64(sqlValue: .text("3")))
        XCTAssertNil(Int32(sqlValue: .integer(Int64(Int32.max) + 1)))
        XCTAssertEqual(Double(sqlValue: .integer(2)), 2.0)
        XCTAssertNil(Bool(sqlValue: .integer(2)))
        XCTAssertNil(String(sqlValue: .blob([65])))
        XCTAssertNil([UInt8](sqlValue: .text("A")))
        XCTAssertNil(Date(sqlValue: .text("2024-01-01")))
        XCTAssertEqual(Int?(sqlValue: .null), Optional<Int?>.some(nil), "NULL decodes as a successful nil")
        XCTAssertTrue(Int?(sqlValue: .text("x")) == nil, "a non-null value must still decode as the wrapped type")
    }

    func testDescriptionsNeverDumpBlobs() {
        XCTAssertEqual(SQLValue.blob(Array(repeating: 0, count: 1000)).description, "<blob 1000 bytes>")
        XCTAssertEqual(SQLValue.text("a").description, "'a'")
    }
}
