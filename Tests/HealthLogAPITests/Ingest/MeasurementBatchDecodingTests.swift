import APIToolkit
@testable import HealthLogAPI
import XCTest

/// The measurements batch is read straight from its bytes (`FlatListReader`) when it can be; the
/// entries must be exactly the ones the full parse, validation and `Decodable` route gives.
final class MeasurementBatchDecodingTests: XCTestCase {
    private func viaBatchDecoding(_ body: [UInt8]) throws -> [MeasurementBatchBody.Entry] {
        try BatchBodyDecoding.decode(MeasurementBatchBody.self, from: body, listKey: "entries", maxEntries: MeasurementBatchBody.maxEntries,
                                     tooLargeCode: MeasurementBatchEndpoint.tooLargeCode).entries
    }

    /// The `Decodable` route alone, as the body decoded before it had a direct one.
    private func viaDecodable(_ body: [UInt8]) throws -> [MeasurementBatchBody.Entry] {
        let value = try JSONParser.parse(body)
        XCTAssertEqual(SchemaValidator.validate(value, against: MeasurementBatchBody.schema), [])
        return try JSONValueDecoder().decode(MeasurementBatchBody.self, from: value).entries
    }

    func testDirectReadGivesTheEntriesOfTheDecodableRoute() throws {
        let entries = (0..<500).map { index in
            var members = [
                #""hkIdentifier":"HKQuantityTypeIdentifierStepCount""#, #""value":\#(index % 3 == 0 ? "12.5e1" : "\(index)")"#,
                #""unit":"count""#, #""startDate":"2026-05-16T10:00:00.\#(index % 10)+02:00""#, #""endDate":"2026-05-16T08:01:00Z""#,
                #""externalId":"id-\#(index)-\u00e9""#,
            ]
            if index % 2 == 0 { members.append(#""sleepStage":\#(index % 4 == 0 ? "3.0" : "2")"#) }
            if index % 5 == 0 { members.append(#""externalSourceVersion":"17.\#(index)""#) }
            if index % 7 == 0 { members.append(index % 14 == 0 ? #""deviceType":null"# : #""deviceType":"watch""#) }
            return "{" + (index % 3 == 1 ? members.reversed() : members).joined(separator: ",") + "}"
        }
        let body = Array(("{\"entries\":[" + entries.joined(separator: ", ") + "]}").utf8)
        XCTAssertNotNil(FlatListReader.read(body, against: MeasurementBatchBody.schema, maxItems: MeasurementBatchBody.maxEntries),
                        "the body is read directly")
        XCTAssertEqual(try viaBatchDecoding(body), try viaDecodable(body))
    }

    func testRefusalsAreTheFullPathsErrors() {
        let tooMany = Array(("{\"entries\":[" + Array(repeating: "{}", count: 501).joined(separator: ",") + "]}").utf8)
        XCTAssertThrowsError(try viaBatchDecoding(tooMany)) { error in
            XCTAssertEqual((error as? APIError)?.code, MeasurementBatchEndpoint.tooLargeCode)
        }
        let badType = Array(#"{"entries":[{"hkIdentifier":"x","value":"1","unit":"kg","startDate":"2026-05-16T10:00:00Z","endDate":"2026-05-16T10:00:00Z","externalId":"a"}]}"#.utf8)
        XCTAssertThrowsError(try viaBatchDecoding(badType)) { error in
            XCTAssertEqual(error as? RequestDecodingError, .invalid([ValidationIssue(path: "entries[0].value", code: .invalidType,
                                                                                      message: "expected a number, got a string")]))
        }
    }
}
