@testable import CoachSafety
import XCTest

/// The libyaml reader under the safety matrix: plain values, block scalars, and the lines errors name.
final class YAMLDocumentTests: XCTestCase {
    func testReadsMappingsSequencesAndBlockScalarsWithTheirLines() throws {
        let root = try YAMLDocument.parse("""
        name: "Coach"
        body: |
          First line.
          Second line.
        tokens: [important, warning]
        list:
          - one
          - "two"
        """)
        guard case let .mapping(entries) = root.content else { return XCTFail("a mapping") }
        XCTAssertEqual(entries.map(\.key), ["name", "body", "tokens", "list"])
        XCTAssertEqual(entries.map(\.line), [1, 2, 5, 6])
        guard case let .scalar(body) = entries[1].value.content else { return XCTFail("a scalar") }
        XCTAssertEqual(body, "First line.\nSecond line.\n")
        guard case let .sequence(tokens) = entries[2].value.content, case let .sequence(list) = entries[3].value.content else {
            return XCTFail("sequences")
        }
        XCTAssertEqual(tokens.count, 2)
        XCTAssertEqual(list.map(\.line), [7, 8])
    }

    func testRefusesWhatWouldHideAMistake() {
        let cases = [
            ("a: 1\nb: 2\na: 3\n", 3, "twice"),
            ("a: &anchor x\nb: *anchor\n", 2, "aliases"),
            ("a: 1\n---\nb: 2\n", 2, "second document"),
            ("", 1, "empty"),
            ("a: [1, 2\n", 2, ""),
        ]
        for (text, line, phrase) in cases {
            XCTAssertThrowsError(try YAMLDocument.parse(text), text) { error in
                guard let syntax = error as? YAMLSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(syntax.line, line, "\(text): \(syntax.reason)")
                XCTAssertTrue(phrase.isEmpty || syntax.reason.contains(phrase), syntax.reason)
            }
        }
    }
}
