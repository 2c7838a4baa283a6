import CoachSafety
import XCTest

final class GroundRuleTests: XCTestCase {
    /// Contract §1's `GROUND_RULE_KEYS`, in order: the numbers are part of the keys.
    func testFifteenKeysInContractOrder() {
        XCTAssertEqual(GroundRule.allCases.count, 15)
        for rule in GroundRule.allCases {
            XCTAssertTrue(rule.rawValue.hasPrefix("ground_rule_\(rule.number)_"), rule.rawValue)
        }
        XCTAssertEqual(GroundRule.glp1DoseRefusal.number, 9)
        XCTAssertEqual(GroundRule.drugLevelRefusal.number, 15)
    }

    func testLocalesComeFromLanguageTags() {
        XCTAssertEqual(CoachLocale(tag: "de-AT"), .de)
        XCTAssertEqual(CoachLocale(tag: "pl_PL"), .pl)
        XCTAssertEqual(CoachLocale(tag: "FR"), .fr)
        XCTAssertNil(CoachLocale(tag: "nl-NL"))
    }
}
