import TopicClassification
import XCTest

/// `SubjectRule.deadlyDisaster`: a deadly quake is not tech or finance news. Which subjects it
/// moves and at what probability: `SubjectRuleTests`.
final class DeadlyDisasterRuleTests: XCTestCase {
    func testADisasterInAHeadlineWithCasualtiesInTheLeadIsDeadly() {
        XCTAssertTrue(DeadlyDisaster.isReported([(headline: "Strong earthquake off Miyagi in northeastern Japan",
                                                  body: "At least 17 people were killed, the meteorological agency said.")]))
    }

    func testDisasterWithoutCasualtiesIsNotDeadly() {
        let forecast = [(headline: "Forecasters expect more hurricanes this season",
                         body: "Warmer seas could feed stronger storms, researchers said in a new model.")]
        XCTAssertFalse(DeadlyDisaster.isReported(forecast))
    }

    func testCasualtiesWithoutANaturalDisasterInAHeadlineAreNotEnough() {
        let crash = [(headline: "Chipmaker shares slump after profit warning",
                      body: "Two workers were killed in a fire at the plant last month.")]
        XCTAssertFalse(DeadlyDisaster.isReported(crash))
    }

    func testTheStoryIsJudgedOnAllItsArticles() {
        XCTAssertTrue(DeadlyDisaster.isReported([(headline: "Floods sweep through Valencia", body: "Roads were closed."),
                                                 (headline: "Toll rises to 62 in Spain", body: "Rescuers searched garages.")]))
    }

    /// A tenth reader's audit: a cargo-plane crash that killed its crew was listed under finance.
    func testADeadlyAccidentIsUnderNoDeskWhileAMarketCrashIsNoAccident() throws {
        let classifier = try TopicClassifier.bundled()
        let crash = [(headline: "Cargo plane crash-lands at Bishkek airport, killing three crew",
                      body: "A cargo plane crash-landed and caught fire at Manas international airport near Bishkek in thick fog on "
                          + "Monday evening, killing three crew members, Kyrgyzstan's emergencies ministry said."),
                     (headline: "Three crew killed as cargo jet skids off Manas runway",
                      body: "Three crew members died when a cargo jet skidded off the runway and caught fire while landing at Manas "
                          + "airport in fog on Monday evening, the Ministry of Emergency Situations said.")]
        XCTAssertTrue(DeadlyDisaster.isReported(crash))
        XCTAssertNil(classifier.classify(crash))
        XCTAssertFalse(DeadlyDisaster.isReported([(headline: "Crypto prices crash as exchange halts withdrawals",
                                                   body: "Bitcoin fell 12% after the exchange froze customer accounts.")]),
                       "no casualties: a market crash")
        XCTAssertFalse(DeadlyDisaster.isReported([(headline: "Shares crash after founder dies", body: "The stock fell 30%.")]),
                       "a death, no toll")
        XCTAssertFalse(DeadlyDisaster.isReported([(headline: "Crypto exchange collapse leaves $1bn missing",
                                                   body: "Customers could not withdraw funds.")]), "missing money, no toll")
    }

    /// A sixteenth reader's audit: "Iraq: cholera outbreak in Basra kills four" was listed under tech.
    func testADeadlyOutbreakIsUnderNoDeskWhileAVaccineLaunchIsNoOutbreak() throws {
        let outbreak = [(headline: "Iraq: cholera outbreak in Basra kills four",
                         body: "A cholera outbreak in Basra, southern Iraq, has killed four people and infected about 230, the health "
                             + "ministry says, blaming contaminated water from the Shatt al-Arab.")]
        XCTAssertTrue(DeadlyDisaster.isReported(outbreak))
        XCTAssertNil(try TopicClassifier.bundled().classify(outbreak))
        XCTAssertFalse(DeadlyDisaster.isReported([(headline: "Drugmaker launches cholera vaccine in Asia",
                                                   body: "The single-dose vaccine will be sold in six countries.")]), "no toll")
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
