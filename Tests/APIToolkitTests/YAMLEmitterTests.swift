import APIToolkit
import XCTest

final class YAMLEmitterTests: XCTestCase {
    /// Strings a careless emitter would let YAML 1.1 or 1.2 misread as another type or syntax.
    private static let trickyStrings = [
        "true", "True", "FALSE", "yes", "No", "on", "Off", "y", "N", "null", "Null", "~", "",
        "3", "3.0", "1e3", "-1", "+1", "0x1F", "0o17", "0b101", "1_000", "1:20", ".inf", "-.inf", ".nan", ".5",
        "2026-01-01", "2026-01-01T00:00:00Z", "12:30", ":", "#", "- x", "-", "--- ", "---", "...", "? x", "a: b", "a #b",
        "  leading", "trailing ", "'single'", "\"double\"", "@at", "`tick", "|pipe", ">fold", "%pct", "!tag",
        "&anchor", "*alias", "[x]", "{x}", "<<", "=", "multi\nline", "tab\there", "cr\r", "\u{1}", "\u{7F}",
        "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "😀", "back\\slash", "$ref", "application/json", "date-time",
        "#/components/schemas/Feed", "/feeds/{id}", "^\\d{4}$",
    ]

    func testPlainIdentifiersStayUnquotedAndEverythingElseIsQuoted() {
        XCTAssertEqual(YAMLEmitter.emit(["type": "string", "format": "date-time", "$ref": "x.y/z"]),
                       "type: string\nformat: date-time\n$ref: x.y/z\n")
        XCTAssertEqual(YAMLEmitter.emit(["a": "true", "b": "3", "c": "", "d": "a b", "e": "no"]),
                       "a: \"true\"\nb: \"3\"\nc: \"\"\nd: \"a b\"\ne: \"no\"\n")
        XCTAssertEqual(YAMLEmitter.emit(["200": "x", "/p": "z", "y": "n"]), "\"200\": x\n\"/p\": z\n\"y\": \"n\"\n")
    }

    func testEscapesInsideDoubleQuotes() {
        XCTAssertEqual(YAMLEmitter.emit(["k": "a\"b\\c\nd\te\u{1}f\u{2028}g"]), "k: \"a\\\"b\\\\c\\nd\\te\\x01f\\Lg\"\n")
    }

    func testNumbersAlwaysReadAsNumbers() {
        XCTAssertEqual(YAMLEmitter.emit(["a": 1, "b": 1.5, "c": .number(1e-5), "d": .number(1e16), "e": .number(-0.0)]),
                       "a: 1\nb: 1.5\nc: 1.0e-05\nd: 1.0e+16\ne: -0.0\n")
    }

    func testCollectionsUseBlockStyleWithEmptyOnesInFlowStyle() {
        let value: JSONValue = ["list": [1, ["k": "v", "m": [true]], [], [:], [2, 3]], "empty": [:], "none": nil]
        let expected = """
        list:
          - 1
          - k: v
            m:
              - true
          - []
          - {}
          -
            - 2
            - 3
        empty: {}
        none: null

        """
        XCTAssertEqual(YAMLEmitter.emit(value), expected)
    }

    func testTopLevelScalarsAndSequences() {
        XCTAssertEqual(YAMLEmitter.emit("yes"), "\"yes\"\n")
        XCTAssertEqual(YAMLEmitter.emit([]), "[]\n")
        XCTAssertEqual(YAMLEmitter.emit(["a", ["b": nil]]), "- a\n- b: null\n")
    }

    func testTrickyStringsLoadBackUnchangedAsValuesAndKeys() throws {
        try XCTSkipUnless(pythonYAMLIsAvailable(), "python3 with PyYAML is not installed")
        var values = JSONObject()
        var keys = JSONObject()
        for (index, text) in Self.trickyStrings.enumerated() {
            values["v\(index)"] = .string(text)
            keys[text] = .integer(Int64(index))
        }
        let document: JSONValue = ["values": .object(values), "keys": .object(keys), "list": .array(Self.trickyStrings.map { .string($0) })]
        XCTAssertEqual(try loadYAMLWithPython(YAMLEmitter.emit(document)), document)
    }

    func testNumbersAndNestingLoadBackUnchanged() throws {
        try XCTSkipUnless(pythonYAMLIsAvailable(), "python3 with PyYAML is not installed")
        let document: JSONValue = [
            "integers": [0, -1, .integer(.max), .integer(.min)],
            "floats": [0.1, -2.5, .number(1e-5), .number(1e16), .number(1.7976931348623157e308), .number(.leastNonzeroMagnitude)],
            "flags": [true, false, nil],
            "nested": [[[]], [[:]], [["a": [["b": [1]]]]]],
        ]
        XCTAssertEqual(try loadYAMLWithPython(YAMLEmitter.emit(document)), document)
    }
}
