import TopicClassification
import XCTest

/// `SubjectRule.cyberAttack`: a cyber attack is tech, whoever it hit. Which subjects it moves and
/// at what probability: `SubjectRuleTests`.
final class CyberAttackRuleTests: XCTestCase {
    private func attack(_ headline: String) -> Bool {
        CyberAttack.isReported([(headline: headline, body: "")])
    }

    func testHeadlinesNamingACyberAttackFire() {
        XCTAssertTrue(attack("Ransomware attack forces Danish hospitals to divert ambulances"))
        XCTAssertTrue(attack("Hackers steal patient records from clinic chain"))
        XCTAssertTrue(attack("Cyber attack disrupts check-in at European airports"))
        XCTAssertTrue(attack("Retailer confirms data breach affecting 2 million shoppers"))
        XCTAssertFalse(attack("Hospitals divert ambulances as flu cases surge"))
        XCTAssertFalse(attack("Data shows breach of fiscal rules"))
    }

    func testTheBundledClassifierListsAHospitalRansomwareAttackUnderTech() throws {
        let classifier = try TopicClassifier.bundled()
        let story = [(headline: "Ransomware attack forces Danish hospitals to divert ambulances",
                      body: "A ransomware attack on the IT systems of hospitals in the Copenhagen region forced doctors to divert "
                          + "ambulances and postpone operations on Tuesday, health officials said.")]
        XCTAssertEqual(classifier.classify(story), .tech)
    }
}
