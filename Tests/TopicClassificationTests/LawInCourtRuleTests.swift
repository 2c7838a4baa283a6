import TopicClassification
import XCTest

/// `SubjectRule.lawInCourt`: a court striking down or upholding a law is politics, whatever the law is
/// about. Which subjects it moves and at what probability: `SubjectRuleTests`.
final class LawInCourtRuleTests: XCTestCase {
    func testHeadlinesOfACourtRulingOnALawFireButRulingsOnCompaniesDoNot() {
        assertHeadlines(LawInCourt.isReported, fire: [
            "Brazil's Supreme Court strikes down app drivers' employment law",
            "Colombia's top court strikes down 2025 tax reform",
            "Colombian court upholds tax reform in narrow vote",
            "Brazil top court rules against app-driver employment law in 6-5 vote",
            "Court rules fuel levy unconstitutional",
        ], doNotFire: [
            "EU court upholds Google's record antitrust fine",
            "Court rules Apple breached Digital Markets Act",
            "Constitutional Court upholds fine on telecom operator",
            "Parliament passes tax reform",
            "Court jails former finance minister for eight years",
        ])
    }

    /// The fifteenth audit's story, with the bundled model (it scored finance).
    func testTheBundledClassifierFilesACourtStrikingDownATaxReformUnderPolitics() throws {
        let classifier = try TopicClassifier.bundled()
        XCTAssertEqual(classifier.classify([
            (headline: "Colombia's top court strikes down 2025 tax reform",
             body: "Colombia's Constitutional Court struck down the government's 2025 tax reform by five votes to four, ruling "
                + "that Congress had skipped required debates, a blow to next year's budget."),
        ]), .politics)
    }
}
