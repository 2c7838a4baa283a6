import TopicClassification
import XCTest

/// `SubjectRule.disasterWithoutPolitics`: a deadly natural disaster or outbreak whose headlines name no
/// political actor is not politics news. Which subjects it moves and at what probability: `SubjectRuleTests`.
final class DisasterWithoutPoliticsRuleTests: XCTestCase {
    func testHeadlinesNamingAGovernmentALegislatureAnElectionOrAnOfficeHolderNameAPoliticalActor() {
        assertHeadlines({ PoliticalActor.isNamed($0) }, fire: [
            "Opposition accuses government over flood response",
            "President declares emergency as typhoon kills 50",
            "Health minister sacked over cholera deaths",
            "Parliament debates quake relief fund",
            "Floods delay election in Assam",
            "Governor orders evacuations ahead of hurricane",
        ], doNotFire: [
            "Iraq: cholera outbreak in Basra kills four",
            "Strong earthquake off Miyagi kills 17 in northeastern Japan",
        ])
    }

    func testAnAccidentCountsOnlyForTheDeadlyDisasterRule() {
        let blast = [(headline: "Blast kills seven soldiers in Kandahar", body: "")]
        XCTAssertTrue(DeadlyDisaster.isReported(blast))
        XCTAssertFalse(DeadlyDisaster.isReported(blast, countingAccidents: false), "a blast may be a bombing, a war's act")
        let outbreak = [(headline: "Cholera outbreak kills 12 in Kasai", body: "")]
        XCTAssertTrue(DeadlyDisaster.isReported(outbreak, countingAccidents: false))
        let flood = [(headline: "Floods sweep through Valencia", body: "At least 62 people died.")]
        XCTAssertTrue(DeadlyDisaster.isReported(flood, countingAccidents: false))
    }
}
