import TopicClassification
import XCTest

/// `SubjectRule.legislativeVote`: a legislature voting is politics, whatever the bill is about.
/// Which subjects it moves and at what probability: `SubjectRuleTests`.
final class LegislativeVoteRuleTests: XCTestCase {
    func testHeadlinesThatSayALegislatureVotedFireButHousesAndOtherVotesDoNot() {
        assertHeadlines(LegislativeVote.isReported, fire: [
            "US House votes to ban lawmakers from trading stocks",
            "Senate passes $1.2 trillion budget bill after late-night vote",
            "Irish MPs back windfall tax on banks",
            "Lawmakers reject AI liability bill",
            "Bundestag approves debt brake reform",
            "Council approves $14m harbour cycleway extension",
            "Poland's Sejm backs NATO's biggest defence budget",
        ], doNotFire: [
            "House prices fall for third month",
            "Shareholders vote down pay package at Halcyon",
            "Senate hearing grills chip makers over export rules",
            "Parliament's budget office warns on deficit",
            "VW works council backs restructuring deal",
            "ECB Governing Council votes to hold rates",
        ])
    }

    /// The reader's audit story (three outlets; one headline scored finance 0.98 alone), and one
    /// report of it, with the bundled model.
    func testTheBundledClassifierFilesAStockTradingBanVoteUnderPolitics() throws {
        let classifier = try TopicClassifier.bundled()
        XCTAssertEqual(classifier.classify([
            (headline: "US House votes to ban lawmakers from trading stocks", body: "The vote was 312 to 108."),
            (headline: "US House backs stock-trading ban for members of Congress", body: "Shares of members will be held in trusts."),
            (headline: "House votes 312-108 to curb congressional share dealing", body: "The measure now goes to the Senate."),
        ]), .politics)
        XCTAssertEqual(classifier.classify(
            headline: "US House votes to ban lawmakers from trading stocks",
            body: "The US House of Representatives voted 312-108 on Tuesday to ban members of Congress and their spouses from "
                + "trading individual stocks, sending the measure to the Senate."), .politics)
    }

    /// A fourteenth reader's audit: a town council's vote on a cycleway was listed under finance.
    func testTheBundledClassifierFilesATownCouncilsVoteUnderPolitics() throws {
        XCTAssertEqual(try TopicClassifier.bundled().classify(
            headline: "Council approves $14m harbour cycleway extension",
            body: "Dunedin city councillors voted 10-4 to fund the last 6 km of the harbour cycleway to Port Chalmers."), .politics)
    }

    /// An eleventh reader's audit: a House vote on airline refunds stayed under finance (its four
    /// reports together scored finance above 0.95, the rule's bar until then).
    func testTheBundledClassifierFilesAnAirlineRefundsVoteUnderPolitics() throws {
        let vote = "The US House of Representatives voted 301-115 on Monday to pass a bill requiring airlines to refund "
            + "passengers automatically within seven days when a flight is cancelled or delayed by more than three hours. "
            + "The measure now goes to the Senate."
        XCTAssertEqual(try TopicClassifier.bundled().classify([
            (headline: "US House passes bill requiring automatic airline refunds", body: vote),
            (headline: "House passes bill requiring automatic airline refunds", body: vote),
            (headline: "US House passes bill requiring automatic airline refunds", body: vote + " Airline shares were little changed."),
            (headline: "Congress moves to force airlines to pay back stranded flyers",
             body: "American airlines would have to repay customers within a week for cancelled or badly delayed flights under "
                + "the Automatic Refunds for Travelers Act, which the House backed by 301 votes to 115."),
        ]), .politics)
    }
}
