import APIToolkit
import Foundation
import XCTest

final class JSONSerializerTests: XCTestCase {
    func testScalarsSerializeToTheirJSONText() throws {
        XCTAssertEqual(try jsonText(.null), "null")
        XCTAssertEqual(try jsonText(true), "true")
        XCTAssertEqual(try jsonText(false), "false")
        XCTAssertEqual(try jsonText(0), "0")
        XCTAssertEqual(try jsonText(-42), "-42")
        XCTAssertEqual(try jsonText(.integer(.max)), "9223372036854775807")
        XCTAssertEqual(try jsonText(.integer(.min)), "-9223372036854775808")
    }

    func testDoublesUseShortestRoundTrippingText() throws {
        XCTAssertEqual(try jsonText(.number(1.0)), "1.0")
        XCTAssertEqual(try jsonText(.number(-0.0)), "-0.0")
        XCTAssertEqual(try jsonText(.number(0.1)), "0.1")
        XCTAssertEqual(try jsonText(.number(72.5)), "72.5")
        XCTAssertEqual(try jsonText(.number(1e-5)), "1e-05")
        XCTAssertEqual(try jsonText(.number(1e16)), "1e+16")
        XCTAssertEqual(try jsonText(.number(9_007_199_254_740_991)), "9007199254740991.0")
        XCTAssertEqual(try jsonText(.number(-123_456.0)), "-123456.0")
        XCTAssertEqual(try jsonText(.number(.leastNonzeroMagnitude)), "5e-324")
        XCTAssertEqual(try jsonText(.number(.greatestFiniteMagnitude)), "1.7976931348623157e+308")
    }

    func testEveryDoubleRoundTripsThroughTheParserBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let parsed = try JSONParser.parse(try JSONSerializer.serialize(.number(value)))
            XCTAssertEqual(parsed.doubleValue?.bitPattern, value.bitPattern, "\(value)")
        }
    }

    func testNonFiniteNumbersAreRejectedWithTheirPath() {
        let document: JSONValue = ["data": ["entries": [["value": 1.5], ["value": .number(.nan)]]]]
        XCTAssertThrowsError(try JSONSerializer.serialize(document)) { error in
            let failure = error as? JSONSerializationError
            XCTAssertEqual(failure?.path, "data.entries[1].value")
            XCTAssertEqual(failure?.value.isNaN, true)
        }
        XCTAssertThrowsError(try JSONSerializer.serialize(.number(.infinity))) { error in
            XCTAssertEqual((error as? JSONSerializationError)?.path, "")
        }
        XCTAssertThrowsError(try JSONSerializer.serialize([.number(-.infinity)])) { error in
            XCTAssertEqual((error as? JSONSerializationError)?.path, "[0]")
        }
    }

    func testStringsEscapeQuotesBackslashesAndControlCharacters() throws {
        XCTAssertEqual(try jsonText(.string("say \"hi\" \\ bye")), #""say \"hi\" \\ bye""#)
        XCTAssertEqual(try jsonText(.string("a\nb\tc\rd\u{8}e\u{C}f")), #""a\nb\tc\rd\be\ff""#)
        XCTAssertEqual(try jsonText(.string("\u{0}\u{1}\u{1F}")), #""\u0000\u0001\u001f""#)
        XCTAssertEqual(try jsonText(.string("\u{7F}")), "\"\u{7F}\"")
    }

    func testLineSeparatorsAndByteOrderMarksAreEscaped() throws {
        XCTAssertEqual(try jsonText(.string("a\u{2028}b\u{2029}c")), #""a\u2028b\u2029c""#)
        XCTAssertEqual(try jsonText(.string("\u{FEFF}x\u{FEFF}")), #""\ufeffx\ufeff""#)
        XCTAssertEqual(try jsonText(.string("\u{FEFE}\u{FFFD}")), "\"\u{FEFE}\u{FFFD}\"")
        // Other characters sharing the 0xE2 lead byte pass through untouched.
        XCTAssertEqual(try jsonText(.string("→…€")), "\"→…€\"")
    }

    func testSlashAndNonASCIIAreWrittenVerbatim() throws {
        XCTAssertEqual(try jsonText(.string("https://example.com/a/b")), #""https://example.com/a/b""#)
        XCTAssertEqual(try jsonText(.string("Zürich 🇨🇭 東京")), "\"Zürich 🇨🇭 東京\"")
    }

    func testObjectsKeepInsertionOrderAndKeysAreEscaped() throws {
        var object = JSONObject()
        object["zeta"] = 1
        object["alpha"] = 2
        object["quo\"te"] = 3
        XCTAssertEqual(try jsonText(.object(object)), #"{"zeta":1,"alpha":2,"quo\"te":3}"#)
    }

    func testEmptyContainersAndNesting() throws {
        let value: JSONValue = ["a": [], "b": [:], "c": [[1, [2]], ["d": nil]]]
        XCTAssertEqual(try jsonText(value), #"{"a":[],"b":{},"c":[[1,[2]],{"d":null}]}"#)
    }

    func testIndentedLayoutUsesTwoSpacesAndColonSpace() throws {
        let value: JSONValue = ["a": [1, 2], "b": [:], "c": ["d": "e"]]
        let expected = """
        {
          "a": [
            1,
            2
          ],
          "b": {},
          "c": {
            "d": "e"
          }
        }
        """
        XCTAssertEqual(try jsonText(value, layout: .indented), expected)
    }

    func testAppendingKeepsExistingBytesAndRestoresThemOnFailure() throws {
        var buffer = Array("data: ".utf8)
        try JSONSerializer.serialize(["ok": true], appendingTo: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), #"data: {"ok":true}"#)

        XCTAssertThrowsError(try JSONSerializer.serialize([1, .number(.nan)], appendingTo: &buffer))
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), #"data: {"ok":true}"#)
    }

    func testFoundationReadsBackEveryEscapedCharacter() throws {
        var text = ""
        for scalar in (0..<0x300).compactMap(Unicode.Scalar.init) { text.unicodeScalars.append(scalar) }
        text += "\u{2028}\u{2029}\u{FEFF}😀"
        let bytes = try JSONSerializer.serialize(["text": .string(text)])
        let decoded = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String]
        XCTAssertEqual(decoded?["text"], text)
        XCTAssertEqual(try JSONParser.parse(bytes), ["text": .string(text)])
    }
}
