import StoryComposition
import XCTest

final class ConsensusTests: XCTestCase {
    func testASingleOutletHasNoConsensus() {
        XCTAssertNil(Consensus.sentence(for: [StoryFixtures.kenyaRateHike[0]]))
        let twoFeedsOfOneOutlet = [StoryFixtures.kenyaRateHike[0],
                                   StoryFixtures.article("r2", "Reuters Africa", "reuters.com", "Kenya hikes",
                                                         StoryFixtures.kenyaRateHike[0].body)]
        XCTAssertNil(Consensus.sentence(for: twoFeedsOfOneOutlet))
    }

    func testTheConsensusNamesTheAgreeingOutletsAndTheSharedFact() throws {
        let consensus = try XCTUnwrap(Consensus.sentence(for: StoryFixtures.kenyaRateHike))
        XCTAssertTrue(consensus.contains("Reuters") && consensus.contains("Nation"), consensus)
        XCTAssertTrue(consensus.contains(" report that "), consensus)
        XCTAssertTrue(consensus.contains("13"), consensus)
        XCTAssertTrue(consensus.hasSuffix("."), consensus)
    }

    func testTheReportedClauseKeepsNamesCapitalisedAndLowercasesOrdinaryOpeners() throws {
        let articles = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "Court convicts ex-minister",
                                  "The high court in Accra convicted the former finance minister of fraud on Monday."),
            StoryFixtures.article("b", "MyJoyOnline", "myjoyonline.com", "Ex-minister convicted",
                                  "The high court in Accra convicted the former finance minister of fraud on Monday afternoon."),
        ]
        let consensus = try XCTUnwrap(Consensus.sentence(for: articles))
        XCTAssertTrue(consensus.hasPrefix("Reuters and MyJoyOnline both report that the high court in Accra"), consensus)
    }

    func testOutletsThatShareNoFactHaveNoConsensus() {
        let articles = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "Zambia copper output rises",
                                  "Zambia's copper output rose in the first quarter as new mines started production."),
            StoryFixtures.article("b", "Lusaka Times", "lusakatimes.com", "Lusaka traffic plan unveiled",
                                  "City planners unveiled a new traffic scheme for the capital's congested roads."),
        ]
        XCTAssertNil(Consensus.sentence(for: articles))
    }
}
