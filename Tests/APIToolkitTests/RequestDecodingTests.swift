import APIToolkit
import Foundation
import XCTest

final class RequestDecodingTests: XCTestCase {
    private func decodeFailure<T: RequestBody>(_ type: T.Type, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> RequestDecodingError? {
        do {
            let value = try decodeRequest(type, from: bytes)
            XCTFail("expected a decoding error, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testDecodesAValidBatchAndNormalisesDatesToUTC() throws {
        let body = batchJSON([
            batchEntryJSON(index: 0),
            batchEntryJSON(index: 1, ["sleepStage": "3.0", "deviceType": "null", "value": "72.5"]),
        ])
        let batch = try decodeRequest(MeasurementBatch.self, from: body)
        XCTAssertEqual(batch.entries.count, 2)
        XCTAssertEqual(APIDate.format(batch.entries[0].startDate), "2026-05-16T08:00:00Z")
        XCTAssertEqual(batch.entries[0].endDate.timeIntervalSince1970, 1_778_919_300.25, accuracy: 1e-6)
        XCTAssertEqual(batch.entries[0].value, 100)
        XCTAssertNil(batch.entries[0].sleepStage)
        XCTAssertEqual(batch.entries[1].sleepStage, 3)
        XCTAssertEqual(batch.entries[1].value, 72.5)
        XCTAssertNil(batch.entries[1].deviceType)
    }

    func testMalformedJSONBecomesA400WithTheByteOffset() {
        let error = decodeFailure(MeasurementBatch.self, Array(#"{"entries": [}"#.utf8))
        XCTAssertEqual(error, .malformedJSON(JSONParseError(.unexpectedByte(UInt8(ascii: "}")), at: 13)))
        let apiError = error?.apiError
        XCTAssertEqual(apiError?.status, 400)
        XCTAssertEqual(apiError?.code, "request.malformed_json")
        XCTAssertEqual(apiError?.message, "Malformed JSON: unexpected character '}' at byte 13")
        XCTAssertEqual(apiError?.details, ["offset": 13])
    }

    func testInvalidUTF8IsA400() {
        var body = batchJSON([batchEntryJSON(index: 0)])
        let position = body.firstIndex(of: UInt8(ascii: "S"))!
        body[position] = 0xFF
        let error = decodeFailure(MeasurementBatch.self, body)
        XCTAssertEqual(error, .malformedJSON(JSONParseError(.invalidUTF8, at: position)))
        XCTAssertEqual(error?.apiError.status, 400)
    }

    func testEmptyBodyIsA400() {
        XCTAssertEqual(decodeFailure(MeasurementBatch.self, [])?.apiError.code, "request.malformed_json")
    }

    func testSchemaViolationsBecomeA422NamingTheFirstPath() {
        let body = batchJSON([batchEntryJSON(index: 0), batchEntryJSON(index: 1), batchEntryJSON(index: 2, ["foo": "1"]),
                              batchEntryJSON(index: 3, ["value": #""high""#])])
        let error = decodeFailure(MeasurementBatch.self, body)
        guard case .invalid(let issues)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(issues.map(\.path), ["entries[2].foo", "entries[3].value"])
        let apiError = error!.apiError
        XCTAssertEqual(apiError.status, 422)
        XCTAssertEqual(apiError.code, "validation.failed")
        XCTAssertEqual(apiError.message, "Validation failed: entries[2].foo: is not a recognized key")
        XCTAssertEqual(apiError.details?["path"], "entries[2].foo")
        XCTAssertEqual(apiError.details?["issues"]?.arrayValue?.count, 2)
    }

    func testDuplicateKeysAreRejectedBeforeValidation() {
        let body = Array(#"{"entries": [], "entries": []}"#.utf8)
        XCTAssertEqual(decodeFailure(MeasurementBatch.self, body), .malformedJSON(JSONParseError(.duplicateKey("entries"), at: 16)))
    }

    func testTypesMayAddTheirOwnChecksAndTheyReportWithAPath() {
        struct Window: RequestBody {
            var start: Date
            var end: Date
            static let schema: Schema = .object { Property("range", .object { Property("start", .dateTimeWithOffset); Property("end", .dateTimeWithOffset) }) }
            enum Keys: String, CodingKey { case range, start, end }
            init(from decoder: any Decoder) throws {
                let range = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .range)
                start = try range.decode(Date.self, forKey: .start)
                end = try range.decode(Date.self, forKey: .end)
                guard end >= start else {
                    throw DecodingError.dataCorruptedError(forKey: .end, in: range, debugDescription: "must not be before start")
                }
            }
        }
        let ok = Array(#"{"range": {"start": "2026-01-01T00:00:00Z", "end": "2026-01-01T01:00:00+01:00"}}"#.utf8)
        XCTAssertNoThrow(try decodeRequest(Window.self, from: ok))
        let reversed = Array(#"{"range": {"start": "2026-01-02T00:00:00Z", "end": "2026-01-01T00:00:00Z"}}"#.utf8)
        XCTAssertEqual(decodeFailure(Window.self, reversed),
                       .invalid([ValidationIssue(path: "range.end", code: .invalidValue, message: "must not be before start")]))
    }

    func testFreeFormFieldsDecodeAsJSONValueWithOrderIntact() throws {
        struct Import: RequestBody {
            var version: Int
            var payload: JSONValue
            var tags: [String]
            var limits: [Int]
            static let schema: Schema = .object {
                Property("version", .integer())
                Property("payload", .any)
                Property("tags", .array(of: .string()))
                Property("limits", .array(of: .integer()))
            }
        }
        let body = Array(#"{"version": 2.0, "payload": {"z": 1, "a": [true, null]}, "tags": ["x"], "limits": [1, 2.0]}"#.utf8)
        let decoded = try decodeRequest(Import.self, from: body)
        XCTAssertEqual(decoded.version, 2)
        XCTAssertEqual(decoded.payload, ["z": 1, "a": [true, nil]])
        XCTAssertEqual(decoded.tags, ["x"])
        XCTAssertEqual(decoded.limits, [1, 2])
    }

    func testValueDecoderHandlesFoundationTypesAndRanges() throws {
        struct Sample: Decodable {
            var id: UUID
            var link: URL
            var small: UInt8
            var ratio: Float
            var flags: [Bool?]
            var blob: Data
            var price: Decimal
            var count: Decimal
        }
        let value: JSONValue = ["id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "link": "https://example.com/x", "small": 255,
                                "ratio": 0.25, "flags": [true, nil], "blob": "AAEC", "price": 12.34, "count": 3]
        let sample = try JSONValueDecoder().decode(Sample.self, from: value)
        XCTAssertEqual(sample.id.uuidString, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        XCTAssertEqual(sample.link.host, "example.com")
        XCTAssertEqual(sample.small, 255)
        XCTAssertEqual(sample.ratio, 0.25)
        XCTAssertEqual(sample.flags, [true, nil])
        XCTAssertEqual(sample.blob, Data([0, 1, 2]))
        XCTAssertEqual(sample.price, Decimal(string: "12.34"))
        XCTAssertEqual(sample.count, 3)

        var overflowing = value
        if case .object(var object) = overflowing { object["small"] = 256; overflowing = .object(object) }
        XCTAssertThrowsError(try JSONValueDecoder().decode(Sample.self, from: overflowing)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["small"])
        }
        XCTAssertThrowsError(try JSONValueDecoder().decode(Int.self, from: 2.5))
        XCTAssertThrowsError(try JSONValueDecoder().decode(Bool.self, from: 1))
        XCTAssertThrowsError(try JSONValueDecoder().decode(String.self, from: nil)) { error in
            guard case DecodingError.valueNotFound = error else { return XCTFail("\(error)") }
        }
    }

    func testASchemaThatDisagreesWithItsTypeStillAnswersWithAPath() {
        struct Mismatched: RequestBody {
            var count: Int
            var label: String
            static let schema: Schema = .object {
                Property("count", .integer())
                Property("label", .string(), required: false)
            }
        }
        XCTAssertEqual(decodeFailure(Mismatched.self, Array(#"{"count": 1}"#.utf8)),
                       .invalid([ValidationIssue(path: "label", code: .required, message: "is required")]))
    }
}
