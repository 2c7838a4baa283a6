import TopicClassification
import XCTest

/// `SubjectRule.cyberAttack`: a cyber attack is tech, whoever it hit. Which subjects it moves and
/// at what probability: `SubjectRuleTests`.
final class CyberAttackRuleTests: XCTestCase {
    func testHeadlinesNamingACyberAttackFire() {
        assertHeadlines(CyberAttack.isReported, fire: [
            "Ransomware attack forces Danish hospitals to divert ambulances",
            "Hackers steal patient records from clinic chain",
            "Cyber attack disrupts check-in at European airports",
            "Retailer confirms data breach affecting 2 million shoppers",
        ], doNotFire: [
            "Hospitals divert ambulances as flu cases surge",
            "Data shows breach of fiscal rules",
        ])
    }

    func testTheBundledClassifierListsAHospitalRansomwareAttackUnderTech() throws {
        let classifier = try TopicClassifier.bundled()
        let story = [(headline: "Ransomware attack forces Danish hospitals to divert ambulances",
                      body: "A ransomware attack on the IT systems of hospitals in the Copenhagen region forced doctors to divert "
                          + "ambulances and postpone operations on Tuesday, health officials said.")]
        XCTAssertEqual(classifier.classify(story), .tech)
    }

    /// A tenth reader's audit: the first reports of an attack on Kuwait's ports were under finance.
    func testTheBundledClassifierListsAPortsCyberattackUnderTech() throws {
        let classifier = try TopicClassifier.bundled()
        let story = [(headline: "Cyberattack disrupts Kuwait's main ports",
                      body: "A cyberattack disrupted container operations at Kuwait's Shuwaikh and Shuaiba ports on Monday, forcing "
                          + "staff to process cargo manually, the Kuwait Ports Authority said."),
                     (headline: "Shipping delays as hackers hit Kuwait ports",
                      body: "Container lines warned of delays of several days after a cyberattack on the Kuwait Ports Authority "
                          + "knocked out systems at Shuwaikh and Shuaiba.")]
        XCTAssertEqual(classifier.classify(story), .tech)
    }
}
