import APIToolkit
@testable import HealthLogAPI
import XCTest

/// A batch answer's bytes: keys in the schema's order, `reason` only on skipped entries, `id`
/// only where the endpoint reports one; the same whether the encoder or the route serializes it.
final class BatchResultJSONTests: XCTestCase {
    func testTheAnswerHasTheContractsKeysInOrder() throws {
        let result = BatchResult(outcomes: [.inserted, .duplicate, .skipped(.unmappableIdentifier), .skipped(.valueOutOfRange)],
                                 ids: ["a", "b", nil])
        let expected = #"""
            {"processed":4,"inserted":1,"duplicates":1,\#
            "skipped":[{"index":2,"reason":"unmappable_identifier"},{"index":3,"reason":"value_out_of_range"}],\#
            "entries":[{"index":0,"status":"inserted","id":"a"},{"index":1,"status":"duplicate","id":"b"},\#
            {"index":2,"status":"skipped","reason":"unmappable_identifier"},{"index":3,"status":"skipped","reason":"value_out_of_range"}]}
            """#
        XCTAssertEqual(String(decoding: try JSONSerializer.serialize(result.json), as: UTF8.self), expected)
        XCTAssertEqual(String(decoding: try APIEncoder().encodeToBytes(result), as: UTF8.self), expected)
    }

    func testAnEmptySkippedListIsWritten() throws {
        let result = BatchResult(outcomes: [.inserted])
        XCTAssertEqual(String(decoding: try JSONSerializer.serialize(result.json), as: UTF8.self),
                       #"{"processed":1,"inserted":1,"duplicates":0,"skipped":[],"entries":[{"index":0,"status":"inserted"}]}"#)
    }
}
