import TopicClassification
import XCTest

/// Asserts which headlines a rule's text test fires on, each headline read alone (no body).
func assertHeadlines(_ test: ([StoryText]) -> Bool, fire: [String], doNotFire: [String],
                     file: StaticString = #filePath, line: UInt = #line) {
    for headline in fire {
        XCTAssertTrue(test([(headline: headline, body: "")]), "should fire: \(headline)", file: file, line: line)
    }
    for headline in doNotFire {
        XCTAssertFalse(test([(headline: headline, body: "")]), "should not fire: \(headline)", file: file, line: line)
    }
}
