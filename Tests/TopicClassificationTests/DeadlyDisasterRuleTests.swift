import TopicClassification
import XCTest

final class DeadlyDisasterRuleTests: XCTestCase {
    private let quake = [(headline: "Strong earthquake off Miyagi kills 17 in northeastern Japan",
                          body: "The meteorological agency said power was cut to thousands of homes.")]

    func testDeadlyQuakeFiledUnderTechWithoutStrongEvidenceGetsNoDesk() {
        XCTAssertNil(DeadlyDisasterRule.apply(subject: .tech, probability: 0.6, texts: quake))
        XCTAssertNil(DeadlyDisasterRule.apply(subject: .finance, probability: 0.89, texts: quake))
    }

    func testStrongDeskEvidenceSurvivesTheRule() {
        XCTAssertEqual(DeadlyDisasterRule.apply(subject: .finance, probability: 0.95, texts: quake), .finance)
    }

    func testPoliticsAndOtherAreLeftAlone() {
        XCTAssertEqual(DeadlyDisasterRule.apply(subject: .politics, probability: 0.5, texts: quake), .politics)
        XCTAssertNil(DeadlyDisasterRule.apply(subject: .other, probability: 0.5, texts: quake))
    }

    func testDisasterWithoutCasualtiesIsNotDeadly() {
        let forecast = [(headline: "Forecasters expect more hurricanes this season",
                         body: "Warmer seas could feed stronger storms, researchers said in a new model.")]
        XCTAssertFalse(DeadlyDisasterRule.isDeadlyDisaster(forecast))
        XCTAssertEqual(DeadlyDisasterRule.apply(subject: .tech, probability: 0.6, texts: forecast), .tech)
    }

    func testCasualtiesWithoutANaturalDisasterInAHeadlineAreNotEnough() {
        let crash = [(headline: "Chipmaker shares slump after profit warning",
                      body: "Two workers were killed in a fire at the plant last month.")]
        XCTAssertFalse(DeadlyDisasterRule.isDeadlyDisaster(crash))
    }

    /// The two stories that prompted the rule and the data changes, with the bundled model.
    func testBundledClassifierFilesAQuakeUnderNoDeskAndASenateVoteUnderPolitics() throws {
        let classifier = try TopicClassifier.bundled()
        XCTAssertNil(classifier.classify(
            headline: "Magnitude 6.8 earthquake strikes off Miyagi in northeastern Japan, killing at least 14",
            body: "A powerful earthquake struck off the coast of Miyagi Prefecture on Sunday, killing at least 14 people, "
                + "cutting power to thousands of homes and halting bullet trains, the meteorological agency said."))
        XCTAssertEqual(classifier.classify(
            headline: "Senate passes $1.2 trillion budget bill after late-night vote",
            body: "The Senate voted 52-48 to pass the spending bill after hours of debate, with lawmakers from both parties "
                + "trading blame over the deficit before the measure goes to the president."), .politics)
    }
}
