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

    func testAnAccidentOrASpreadWordWithoutADiseaseCountsOnlyForTheDeadlyDisasterRule() {
        let blast = [(headline: "Blast kills seven soldiers in Kandahar", body: "")]
        XCTAssertTrue(DeadlyDisaster.isReported(blast))
        XCTAssertFalse(DeadlyDisaster.isReported(blast, kinds: .naturalOrNamedDisease), "a blast may be a bombing, a war's act")
        let outbreak = [(headline: "Cholera outbreak kills 12 in Kasai", body: "")]
        XCTAssertTrue(DeadlyDisaster.isReported(outbreak, kinds: .naturalOrNamedDisease))
        let flood = [(headline: "Floods sweep through Valencia", body: "At least 62 people died.")]
        XCTAssertTrue(DeadlyDisaster.isReported(flood, kinds: .naturalOrNamedDisease))
        for war in ["Outbreak of fighting kills 30 in Darfur", "Storm of protest as police kill 12 marchers",
                    "Flood of refugees as shelling kills 40"] {
            XCTAssertFalse(DeadlyDisaster.isReported([(headline: war, body: "")], kinds: .naturalOrNamedDisease), war)
        }
    }
}
