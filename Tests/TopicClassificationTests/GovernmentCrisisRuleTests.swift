import TopicClassification
import XCTest

/// `GovernmentCrisisRule`: a government falling is politics, whatever it fell over.
final class GovernmentCrisisRuleTests: XCTestCase {
    private func crisis(_ headline: String) -> Bool {
        GovernmentCrisisRule.isGovernmentCrisis([(headline: headline, body: "")])
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

    func testOnlyFinanceOrTechTheModelIsUnsureOfMoves() {
        let fallen = [(headline: "French government falls in no-confidence vote", body: "")]
        XCTAssertTrue(GovernmentCrisisRule.applies(subject: .finance, probability: 0.66, texts: fallen))
        XCTAssertTrue(GovernmentCrisisRule.applies(subject: .tech, probability: 0.5, texts: fallen))
        XCTAssertTrue(GovernmentCrisisRule.applies(subject: .finance, probability: 0.95, texts: fallen), "a resignation over an IMF deal")
        XCTAssertFalse(GovernmentCrisisRule.applies(subject: .finance, probability: 0.995, texts: fallen), "near certainty keeps its desk")
        XCTAssertFalse(GovernmentCrisisRule.applies(subject: .other, probability: 0.5, texts: fallen), "other stays other")
    }
}
