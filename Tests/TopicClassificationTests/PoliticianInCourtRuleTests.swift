import TopicClassification
import XCTest

/// `SubjectRule.politicianInCourt`: an office-holder convicted, sentenced or charged is politics,
/// whatever the case is about. Which subjects it moves and at what probability: `SubjectRuleTests`.
final class PoliticianInCourtRuleTests: XCTestCase {
    func testHeadlinesThatSayAnOfficeHolderWasConvictedOrChargedFireButOtherCasesDoNot() {
        assertHeadlines(PoliticianInCourt.isReported, fire: [
            "Former East Timor fisheries minister jailed for corruption",
            "Ex-president Kabore convicted of embezzlement",
            "Court jails former finance minister for eight years",
            "Jury convicts senator over bribes from chip maker",
            "Governor indicted in state pension fraud",
            "Former Lagos governor jailed for fraud",
            // A sixteenth audit: the state's official, not a company's.
            "Mexican ex-security official sentenced to 18 years in Monterrey corruption case",
            "State official charged over flood relief contracts",
        ], doNotFire: [
            "Energy firms to cut standing charges, minister says",
            "Premier League club owner charged over fraud",
            "Ex-Samsung president jailed for leaking chip secrets",
            "Court gives bank chief eight years over fraud",
            "Minister says 30 charged after fuel protests",
            "Court jails man who attacked minister",
            "Chief executive convicted of accounting fraud",
            "Finance minister charges ahead with fuel tax",
            "Bank official sentenced for insider trading",
        ])
    }

    /// The twelfth audit's story, with the bundled model (it scored finance).
    func testTheBundledClassifierFilesAMinistersCorruptionSentenceUnderPolitics() throws {
        let classifier = try TopicClassifier.bundled()
        XCTAssertEqual(classifier.classify([
            (headline: "Former East Timor fisheries minister jailed for corruption",
             body: "The Dili District Court on Tuesday sentenced former fisheries minister Januario Belo to six years in prison "
                + "for taking $450,000 in bribes in exchange for fishing licences."),
            (headline: "Court gives Januario Belo six years over fishing licence bribes",
             body: "Januario Belo, who ran the fisheries ministry until 2023, was found guilty of taking bribes from two "
                + "foreign trawler companies in exchange for licences, and ordered to repay $450,000."),
        ]), .politics)
    }
}
