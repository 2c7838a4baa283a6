import APIToolkit
import Foundation
import XCTest

/// `FlatListReader` must read a body only when the full parse and validation accept it, and then
/// give the same member values; everything else it hands back (nil) to the full path.
final class FlatListReaderTests: XCTestCase {
    private let schema = MeasurementBatch.schema

    /// The reader's answer next to the full path's: equal items, or nil where the full path refuses.
    private func assertAgrees(_ body: [UInt8], read expected: Bool? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let direct = FlatListReader.read(body, against: schema, maxItems: 500)
        var full: [MemberValues]?
        if let value = try? JSONParser.parse(body), SchemaValidator.validate(value, against: schema).isEmpty {
            full = FlatListReader.items(of: value, as: schema)
        }
        let text = String(decoding: body, as: UTF8.self)
        if let direct {
            XCTAssertEqual(direct, full, "read a body the full path gives differently or refuses: \(text)", file: file, line: line)
        }
        if let expected {
            XCTAssertEqual(direct != nil, expected, "read or not: \(text)", file: file, line: line)
        }
    }

    func testReadsPlainBodiesAsTheFullPathDoes() {
        assertAgrees(batchJSON([batchEntryJSON(index: 0)]), read: true)
        assertAgrees(batchJSON((0..<500).map { batchEntryJSON(index: $0) }), read: true)
        assertAgrees(batchJSON([batchEntryJSON(index: 1, ["sleepStage": "3.0", "deviceType": "null", "value": "72.5e-1"])]), read: true)
        assertAgrees(batchJSON([batchEntryJSON(index: 2, ["externalId": #""caf\u00e9 \"q\" ü""#, "externalSourceVersion": #""17.4""#])]),
                     read: true)
        assertAgrees(Array(" \n{ \"entries\" :\t[ {\"hkIdentifier\" : \"x\", \"value\":-0, \"unit\":\"kg\", \"startDate\":\"2026-05-16T10:00:00Z\", \"endDate\":\"2026-05-16T10:00:00-01:30\", \"externalId\":\"a\"} ] } \r\n".utf8),
                     read: true)
        // Keys in any order.
        assertAgrees(Array(#"{"entries":[{"externalId":"a","endDate":"2026-05-16T10:00:00Z","startDate":"2026-05-16T10:00:00Z","unit":"kg","value":1,"hkIdentifier":"x"}]}"#.utf8),
                     read: true)
    }

    func testLeavesEverythingElseToTheFullPath() throws {
        let invalid: [[UInt8]] = [
            batchJSON([]),
            batchJSON((0..<501).map { batchEntryJSON(index: $0) }),
            batchJSON([batchEntryJSON(index: 0, ["unit": nil])]),
            batchJSON([batchEntryJSON(index: 0, ["extra": "1"])]),
            batchJSON([batchEntryJSON(index: 0, ["value": #""100""#])]),
            batchJSON([batchEntryJSON(index: 0, ["value": "1e999"])]),
            batchJSON([batchEntryJSON(index: 0, ["value": "01"])]),
            batchJSON([batchEntryJSON(index: 0, ["value": "null"])]),
            batchJSON([batchEntryJSON(index: 0, ["sleepStage": "3.5"])]),
            batchJSON([batchEntryJSON(index: 0, ["sleepStage": "21"])]),
            batchJSON([batchEntryJSON(index: 0, ["unit": #""""#])]),
            batchJSON([batchEntryJSON(index: 0, ["unit": "\"" + String(repeating: "k", count: 61) + "\""])]),
            batchJSON([batchEntryJSON(index: 0, ["externalId": #""a\u0000b""#])]),
            batchJSON([batchEntryJSON(index: 0, ["externalId": #""\ud800""#])]),
            batchJSON([batchEntryJSON(index: 0, ["startDate": #""2026-05-16T10:00:00""#])]),
            batchJSON([batchEntryJSON(index: 0, ["deviceType": #""toaster""#])]),
            batchJSON([batchEntryJSON(index: 0, ["deviceType": "[]"])]),
            batchJSON([batchEntryJSON(index: 0, ["hkIdentifier": "{}"])]),
            batchJSON([batchEntryJSON(index: 0) + ","]),
            batchJSON(["{}"]),
            batchJSON(["[]"]),
            batchJSON(["null"]),
            Array(#"{"entries":[{"unit":"kg","unit":"kg"}]}"#.utf8),
            batchJSON([batchEntryJSON(index: 0).replacingOccurrences(of: #""unit":"count""#, with: #""unit":"count","unit":"count""#)]),
            Array(#"{"entries":[]} x"#.utf8),
            Array(("{\"entries\":[" + batchEntryJSON(index: 0) + "],\"entries\":[]}").utf8),
            Array(("{\"entries\":[" + batchEntryJSON(index: 0) + "],\"more\":1}").utf8),
            Array(("{\"entries\":[" + batchEntryJSON(index: 0) + "]").utf8),
            Array(("\u{FEFF}{\"entries\":[" + batchEntryJSON(index: 0) + "]}").utf8),
            Array(("{\"entries\":[" + batchEntryJSON(index: 0) + "]}\u{0B}").utf8),
            Array(#"{"Entries":[]}"#.utf8),
            [],
        ]
        for body in invalid { assertAgrees(body, read: false) }
        // A key written with an escape is the same key to the full path, which reads such a body.
        let escapedKey = batchJSON([batchEntryJSON(index: 0).replacingOccurrences(of: #""unit":"#, with: #""\u0075nit":"#)])
        assertAgrees(escapedKey, read: false)
        XCTAssertEqual(SchemaValidator.validate(try JSONParser.parse(escapedKey), against: schema), [])
        // Bytes that are not UTF-8 inside a string.
        var broken = batchJSON([batchEntryJSON(index: 0, ["externalId": #""ab""#])])
        broken[broken.firstIndex(of: UInt8(ascii: "b"))!] = 0xFF
        assertAgrees(broken, read: false)
    }

    /// Every body cut short, and every body with one byte changed, still agrees.
    func testAgreesOnEveryTruncationAndSingleByteChange() {
        let body = batchJSON([batchEntryJSON(index: 0, ["sleepStage": "3", "deviceType": #""watch""#]), batchEntryJSON(index: 1)])
        for end in 0..<body.count { assertAgrees(Array(body[..<end]), read: false) }
        for position in body.indices {
            for replacement in [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "1"), UInt8(ascii: "}"),
                                UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "n"), 0x00, 0xC3] {
                var changed = body
                changed[position] = replacement
                assertAgrees(changed)
            }
        }
    }

    func testMapsItemsOfAParsedBodyThroughTheSameMembers() throws {
        let body = batchJSON([batchEntryJSON(index: 3, ["sleepStage": "2"])])
        var item = try XCTUnwrap(FlatListReader.read(body, against: schema, maxItems: 500)?.first)
        XCTAssertEqual(try item.string("externalId"), "uuid-3")
        XCTAssertEqual(try item.double("value"), 103)
        XCTAssertEqual(try item.optionalInt("sleepStage"), 2)
        XCTAssertNil(try item.optionalString("deviceType"))
        XCTAssertEqual(APIDate.format(try item.date("startDate")), "2026-05-16T08:00:00Z")
        XCTAssertThrowsError(try item.double("unit"))
    }
}
