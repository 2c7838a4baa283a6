import TopicClassification
import XCTest

/// `SubjectRule.governmentCrisis`: a government falling is politics, whatever it fell over. Which
/// subjects it moves and at what probability: `SubjectRuleTests`.
final class GovernmentCrisisRuleTests: XCTestCase {
    func testHeadlinesThatSayAGovernmentOrItsHeadFellFireButFallingFiguresAndBossesDoNot() {
        assertHeadlines(GovernmentCrisis.isReported, fire: [
            "French government falls in no-confidence vote",
            "Dutch government collapses after farmers' party quits coalition",
            "Schoof's cabinet falls as BBB walks out over nitrogen",
            "Lecornu ousted as French MPs back no confidence motion",
            "Japanese prime minister resigns after upper house defeat",
            "Parliament votes to impeach the president",
            "Farmers' party topples the coalition",
            "Albanian coalition splits over coastal building law",
            "Albania's reshuffled cabinet wins confidence vote",
            // A sixteenth audit: a minister sacked over an export shortfall was under finance.
            "Iraq's prime minister sacks oil minister over export shortfall",
            "Finance minister fired after budget leak",
        ], doNotFire: [
            "Government borrowing falls to a five-year low",
            "Government falls short of its deficit target",
            "Boeing chief executive resigns after safety review",
            "Shares fall as minister warns on growth",
            "Government raises fuel duty",
            "Shell to split its chemicals arm from the trading business",
            "Consumer confidence falls to a two-year low",
            "Unilever chairman faces shareholder confidence vote",
            "Carmaker sacks 500 workers as sales slump",
            "Minister says refinery fire is under control",
        ])
    }
}
