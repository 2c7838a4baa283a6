import TopicClassification
import XCTest

/// `SubjectRule.governmentCrisis`: a government falling is politics, whatever it fell over. Which
/// subjects it moves and at what probability: `SubjectRuleTests`.
final class GovernmentCrisisRuleTests: XCTestCase {
    private func crisis(_ headline: String) -> Bool {
        GovernmentCrisis.isReported([(headline: headline, body: "")])
    }

    func testHeadlinesThatSayAGovernmentOrItsHeadFellFire() {
        XCTAssertTrue(crisis("French government falls in no-confidence vote"))
        XCTAssertTrue(crisis("Dutch government collapses after farmers' party quits coalition"))
        XCTAssertTrue(crisis("Schoof's cabinet falls as BBB walks out over nitrogen"))
        XCTAssertTrue(crisis("Lecornu ousted as French MPs back no confidence motion"))
        XCTAssertTrue(crisis("Japanese prime minister resigns after upper house defeat"))
        XCTAssertTrue(crisis("Parliament votes to impeach the president"))
        XCTAssertTrue(crisis("Farmers' party topples the coalition"))
    }

    func testFiguresThatFallAndCompaniesThatLoseTheirBossDoNot() {
        XCTAssertFalse(crisis("Government borrowing falls to a five-year low"))
        XCTAssertFalse(crisis("Government falls short of its deficit target"))
        XCTAssertFalse(crisis("Boeing chief executive resigns after safety review"))
        XCTAssertFalse(crisis("Shares fall as minister warns on growth"))
        XCTAssertFalse(crisis("Government raises fuel duty"))
    }
}
