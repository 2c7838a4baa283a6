import APIToolkit
import Foundation
import XCTest

final class JSONParserTests: XCTestCase {
    func testParsesEveryValueKindAndKeepsKeyOrder() throws {
        let value = try parseJSON(#" {"b": [1, -2.5, "x", true, false, null], "a": {"nested": {}} , "c": []} "#)
        XCTAssertEqual(value, ["b": [1, -2.5, "x", true, false, nil], "a": ["nested": [:]], "c": []])
        XCTAssertEqual(value.objectValue?.keys, ["b", "a", "c"])
    }

    func testTopLevelScalarsAreAccepted() throws {
        XCTAssertEqual(try parseJSON("42"), 42)
        XCTAssertEqual(try parseJSON("\"s\""), "s")
        XCTAssertEqual(try parseJSON("null"), nil)
        XCTAssertEqual(try parseJSON(" \t\r\ntrue\n"), true)
    }

    func testIntegersAndFractionsAreDistinguished() throws {
        XCTAssertEqual(try parseJSON("3"), .integer(3))
        XCTAssertEqual(try parseJSON("3.0"), .number(3.0))
        XCTAssertEqual(try parseJSON("3e0"), .number(3.0))
        XCTAssertEqual(try parseJSON("-7"), .integer(-7))
        XCTAssertEqual(try parseJSON("1.5E+2"), .number(150))
        XCTAssertEqual(try parseJSON("2e-3"), .number(0.002))
    }

    func testNegativeZero() throws {
        // `-0` has no fraction: it is the integer zero. `-0.0` keeps its sign as a number.
        XCTAssertEqual(try parseJSON("-0"), .integer(0))
        let negativeZero = try parseJSON("-0.0").doubleValue
        XCTAssertEqual(negativeZero, 0)
        XCTAssertEqual(negativeZero?.sign, .minus)
    }

    func testInt64BoundariesAndBeyond() throws {
        XCTAssertEqual(try parseJSON("9223372036854775807"), .integer(.max))
        XCTAssertEqual(try parseJSON("-9223372036854775808"), .integer(.min))
        XCTAssertEqual(try parseJSON("9223372036854775808"), .number(9.223372036854775808e18))
        XCTAssertEqual(try parseJSON("-9223372036854775809"), .number(-9.223372036854775808e18))
        XCTAssertEqual(try parseJSON("123456789012345678901234567890"), .number(1.2345678901234568e29))
    }

    func testNumbersTooLargeForADoubleAreRejected() {
        XCTAssertEqual(parseFailure("1e400"), JSONParseError(.numberOutOfRange, at: 0))
        XCTAssertEqual(parseFailure("[-1e400]"), JSONParseError(.numberOutOfRange, at: 1))
        XCTAssertEqual(try parseJSON("1e-400"), .number(0))
    }

    func testMalformedNumbersAreRejected() {
        XCTAssertEqual(parseFailure("01"), JSONParseError(.leadingZero, at: 0))
        XCTAssertEqual(parseFailure("-01"), JSONParseError(.leadingZero, at: 0))
        XCTAssertEqual(parseFailure("[1, 00]"), JSONParseError(.leadingZero, at: 4))
        XCTAssertEqual(parseFailure("1.x"), JSONParseError(.invalidNumber, at: 0))
        XCTAssertEqual(parseFailure("1."), JSONParseError(.unexpectedEndOfInput, at: 2))
        XCTAssertEqual(parseFailure("1e"), JSONParseError(.unexpectedEndOfInput, at: 2))
        XCTAssertEqual(parseFailure("1e+]"), JSONParseError(.invalidNumber, at: 0))
        XCTAssertEqual(parseFailure("-"), JSONParseError(.unexpectedEndOfInput, at: 1))
        XCTAssertEqual(parseFailure("-x"), JSONParseError(.invalidNumber, at: 0))
        XCTAssertEqual(parseFailure(".5"), JSONParseError(.unexpectedByte(UInt8(ascii: ".")), at: 0))
        XCTAssertEqual(parseFailure("+1"), JSONParseError(.unexpectedByte(UInt8(ascii: "+")), at: 0))
        XCTAssertEqual(parseFailure("0x10"), JSONParseError(.trailingData, at: 1))
    }

    func testNaNAndInfinityLiteralsAreRejected() {
        XCTAssertEqual(parseFailure("NaN"), JSONParseError(.unexpectedByte(UInt8(ascii: "N")), at: 0))
        XCTAssertEqual(parseFailure("Infinity"), JSONParseError(.unexpectedByte(UInt8(ascii: "I")), at: 0))
        XCTAssertEqual(parseFailure("-Infinity"), JSONParseError(.invalidNumber, at: 0))
        XCTAssertEqual(parseFailure("nan"), JSONParseError(.unexpectedByte(UInt8(ascii: "a")), at: 1))
    }

    func testTrailingGarbageIsRejectedWithItsOffset() {
        XCTAssertEqual(parseFailure(#"{"a":1} x"#), JSONParseError(.trailingData, at: 8))
        XCTAssertEqual(parseFailure("[1] [2]"), JSONParseError(.trailingData, at: 4))
        XCTAssertEqual(parseFailure("truex"), JSONParseError(.trailingData, at: 4))
        XCTAssertEqual(parseFailure([UInt8(ascii: "1"), 0]), JSONParseError(.trailingData, at: 1))
    }

    func testJavaScriptLeniencesAreRejected() {
        XCTAssertEqual(parseFailure("[1,]"), JSONParseError(.unexpectedByte(UInt8(ascii: "]")), at: 3))
        XCTAssertEqual(parseFailure(#"{"a":1,}"#), JSONParseError(.unexpectedByte(UInt8(ascii: "}")), at: 7))
        XCTAssertEqual(parseFailure("{a:1}"), JSONParseError(.unexpectedByte(UInt8(ascii: "a")), at: 1))
        XCTAssertEqual(parseFailure("['a']"), JSONParseError(.unexpectedByte(UInt8(ascii: "'")), at: 1))
        XCTAssertEqual(parseFailure("[1 2]"), JSONParseError(.unexpectedByte(UInt8(ascii: "2")), at: 3))
        XCTAssertEqual(parseFailure("// c\n1"), JSONParseError(.unexpectedByte(UInt8(ascii: "/")), at: 0))
        XCTAssertEqual(parseFailure("[\u{A0}1]"), JSONParseError(.unexpectedByte(0xC2), at: 1))
        XCTAssertEqual(parseFailure([0xEF, 0xBB, 0xBF, UInt8(ascii: "1")]), JSONParseError(.unexpectedByte(0xEF), at: 0))
    }

    func testEmptyAndTruncatedInput() {
        XCTAssertEqual(parseFailure(""), JSONParseError(.emptyInput, at: 0))
        XCTAssertEqual(parseFailure("  \n"), JSONParseError(.emptyInput, at: 3))
        XCTAssertEqual(parseFailure("{"), JSONParseError(.unexpectedEndOfInput, at: 1))
        XCTAssertEqual(parseFailure(#"{"a""#), JSONParseError(.unexpectedEndOfInput, at: 4))
        XCTAssertEqual(parseFailure(#"{"a":"#), JSONParseError(.unexpectedEndOfInput, at: 5))
        XCTAssertEqual(parseFailure("[1,"), JSONParseError(.unexpectedEndOfInput, at: 3))
        XCTAssertEqual(parseFailure(#""abc"#), JSONParseError(.unexpectedEndOfInput, at: 4))
        XCTAssertEqual(parseFailure("tru"), JSONParseError(.unexpectedEndOfInput, at: 3))
    }

    func testDuplicateKeysAreRejectedAtTheSecondOccurrence() {
        XCTAssertEqual(parseFailure(#"{"a":1,"a":2}"#), JSONParseError(.duplicateKey("a"), at: 7))
        XCTAssertEqual(parseFailure(#"{"x":{"k":1, "k":1}}"#), JSONParseError(.duplicateKey("k"), at: 13))
        // Escapes are compared after decoding: "\u0061" is "a".
        XCTAssertEqual(parseFailure(#"{"a":1,"\u0061":2}"#), JSONParseError(.duplicateKey("a"), at: 7))
    }

    func testDuplicateKeysAreFoundInLargeObjects() {
        let members = (0..<50).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        XCTAssertEqual(try parseJSON("{\(members)}").objectValue?.count, 50)
        let duplicated = "{\(members),\"k17\":0}"
        XCTAssertEqual(parseFailure(duplicated)?.reason, .duplicateKey("k17"))
    }

    func testEscapesDecode() throws {
        XCTAssertEqual(try parseJSON(#""\" \\ \/ \b \f \n \r \t""#), "\" \\ / \u{8} \u{C} \n \r \t")
        XCTAssertEqual(try parseJSON(#""\u00e9\u00E9\u0000""#), "éé\u{0}")
        XCTAssertEqual(try parseJSON(#""\ud83d\ude00""#), "😀")
        XCTAssertEqual(try parseJSON(#""a\u2028b""#), "a\u{2028}b")
    }

    func testInvalidEscapesAreRejected() {
        XCTAssertEqual(parseFailure(#""\x41""#), JSONParseError(.invalidEscape(UInt8(ascii: "x")), at: 1))
        XCTAssertEqual(parseFailure(#""\u12G4""#), JSONParseError(.invalidUnicodeEscape, at: 5))
        XCTAssertEqual(parseFailure(#""\u12"#), JSONParseError(.unexpectedEndOfInput, at: 5))
        XCTAssertEqual(parseFailure(#""ab\'"#), JSONParseError(.invalidEscape(UInt8(ascii: "'")), at: 3))
    }

    func testLoneSurrogatesAreRejected() {
        XCTAssertEqual(parseFailure(#""\ud800""#), JSONParseError(.loneSurrogate, at: 1))
        XCTAssertEqual(parseFailure(#""\udc00""#), JSONParseError(.loneSurrogate, at: 1))
        XCTAssertEqual(parseFailure(#""x\ud83dA""#), JSONParseError(.loneSurrogate, at: 2))
        XCTAssertEqual(parseFailure(#""\ud83d\u0041""#), JSONParseError(.loneSurrogate, at: 1))
        XCTAssertEqual(parseFailure(#""\ud83d\ud83d""#), JSONParseError(.loneSurrogate, at: 1))
    }

    func testUnescapedControlCharactersAreRejected() {
        XCTAssertEqual(parseFailure("\"a\nb\""), JSONParseError(.unescapedControlCharacter(0x0A), at: 2))
        XCTAssertEqual(parseFailure("\"a\\n\tb\""), JSONParseError(.unescapedControlCharacter(0x09), at: 4))
        XCTAssertEqual(parseFailure([0x22, 0x00, 0x22]), JSONParseError(.unescapedControlCharacter(0), at: 1))
    }

    func testValidMultiByteUTF8IsAccepted() throws {
        XCTAssertEqual(try parseJSON("\"é€😀\u{10FFFF}\""), .string("é€😀\u{10FFFF}"))
        XCTAssertEqual(try parseJSON("\"\\n é\""), .string("\n é"))
    }

    func testInvalidUTF8IsRejectedWithTheOffsetOfTheBadSequence() {
        let quote = UInt8(ascii: "\"")
        let cases: [([UInt8], Int)] = [
            ([quote, 0x80, quote], 1),                            // lone continuation byte
            ([quote, 0xC0, 0x80, quote], 1),                      // overlong NUL
            ([quote, 0xC1, 0xBF, quote], 1),                      // overlong ASCII
            ([quote, 0xE0, 0x80, 0x80, quote], 1),                // overlong three-byte
            ([quote, 0xED, 0xA0, 0x80, quote], 1),                // UTF-8-encoded surrogate
            ([quote, 0xF0, 0x80, 0x80, 0x80, quote], 1),          // overlong four-byte
            ([quote, 0xF4, 0x90, 0x80, 0x80, quote], 1),          // above U+10FFFF
            ([quote, 0xF5, 0x80, 0x80, 0x80, quote], 1),          // invalid lead byte
            ([quote, 0x61, 0xC3, quote], 2),                      // truncated sequence
            ([quote, 0xE2, 0x82, quote], 1),                      // truncated three-byte
            ([quote, 0xC3], 1),                                   // sequence cut by end of input
            ([quote, 0x5C, 0x6E, 0xFF, quote], 3),                // after an escape
        ]
        for (bytes, offset) in cases {
            XCTAssertEqual(parseFailure(bytes), JSONParseError(.invalidUTF8, at: offset), "\(bytes)")
        }
    }

    func testNestingDepthIsBounded() throws {
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try parseJSON(allowed))
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(parseFailure(tooDeep), JSONParseError(.nestingTooDeep(limit: 64), at: 64))
        let objects = String(repeating: #"{"a":"#, count: 3) + "1" + String(repeating: "}", count: 3)
        XCTAssertEqual(parseFailure(Array(objects.utf8), maxDepth: 2), JSONParseError(.nestingTooDeep(limit: 2), at: 10))
    }

    func testHostileNestingFailsFastWithoutExhaustingTheStack() {
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        XCTAssertEqual(parseFailure(hostile)?.reason, .nestingTooDeep(limit: 64))
    }

    func testAcceptsDataArraySlicesAndStrings() throws {
        let bytes = Array(#"xx{"a":[1]}yy"#.utf8)
        XCTAssertEqual(try JSONParser.parse(bytes[2..<11]), ["a": [1]])
        XCTAssertEqual(try JSONParser.parse(Data(#"{"a":[1]}"#.utf8)), ["a": [1]])
        XCTAssertEqual(try JSONParser.parse(#"{"a":[1]}"#), ["a": [1]])
    }

    func testErrorDescriptionsNameTheProblemAndOffset() {
        XCTAssertEqual(parseFailure(#"{"a":1,"a":2}"#)?.description, #"duplicate key "a" in object at byte 7"#)
        XCTAssertEqual(parseFailure("[1,]")?.description, "unexpected character ']' at byte 3")
        XCTAssertEqual(parseFailure([0x22, 0xFF, 0x22])?.description, "invalid UTF-8 byte sequence at byte 1")
        XCTAssertEqual(JSONParseError(.unexpectedByte(0x01), at: 0).message, "unexpected byte 0x01")
    }

    func testOutputOfFoundationsEncoderParsesToTheSameValues() throws {
        struct Sample: Encodable {
            var name = "Ünïcødé \"quoted\" \\ / \u{1}"
            var values = [0.1, -2, 1e300, 123_456_789]
            var flags = [true, false]
            var nested = ["k": [1, 2, 3]]
        }
        let data = try JSONEncoder().encode(Sample())
        let parsed = try JSONParser.parse(data)
        XCTAssertEqual(parsed["name"], .string(Sample().name))
        XCTAssertEqual(parsed["values"]?.arrayValue?.compactMap(\.doubleValue), Sample().values)
        XCTAssertEqual(parsed["nested"], ["k": [1, 2, 3]])
    }
}
