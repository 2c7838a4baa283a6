import TopicClassification
import XCTest

/// The subject rules read their words from `word-classes.json` through the stemmer: an inflection of a
/// class's lemma fires a rule as the lemma does, and a word the stemmer merges with one of another
/// meaning (listed as written in its class) does not.
final class RuleWordClassesTests: XCTestCase {
    func testInflectionsOfAGovernmentAndItsFallFire() {
        assertHeadlines(GovernmentCrisis.isReported, fire: [
            "Dutch coalition collapsing as farmers' party walks out",
            "Two ministers resign over asylum bill",
            "Prime minister axed cabinet after leak",
        ], doNotFire: [
            "Finance minister fires back at critics",
            "Minister removes tariffs on fertiliser",
        ])
    }

    func testInflectionsOfAVoteAndTheStalledVotesFire() {
        assertHeadlines(LegislativeVote.isReported, fire: [
            "Senate delays vote on budget bill",
            "Representatives override veto on farm bill",
            "Lawmaker blocks debate on mining code",
        ], doNotFire: [
            "Parliament backing for the deal fades",
        ])
    }

    func testAJudgeAndALawsInflectionsFire() {
        assertHeadlines(LawInCourt.isReported, fire: [
            "Judge strikes down abortion law",
            "Court suspending decrees on land reform",
        ], doNotFire: [
            "Constitutional court rules on fine for telecom operator",
        ])
    }

    func testOfficesAndConvictionsInAnyInflectionFire() {
        assertHeadlines(PoliticianInCourt.isReported, fire: [
            "Court convicted former minister of graft",
            "Ministers charged over flood relief contracts",
            "Senators indicted in bribery case",
        ], doNotFire: [
            "Senate charged with reviewing arms deal",
        ])
    }

    func testAHackOrDataBreachesInAnyInflectionFire() {
        assertHeadlines(CyberAttack.isReported, fire: [
            "Hacking group claims attack on water utility",
            "Data breaches expose millions of voters' records",
        ], doNotFire: [
            "Data shows breach of fiscal rules",
        ])
    }

    func testCasualtiesInAnyInflectionMakeADisasterDeadly() {
        XCTAssertTrue(DeadlyDisaster.isReported([(headline: "Floods force evacuations in Assam",
                                                  body: "Thousands of families left their villages.")]))
        XCTAssertTrue(DeadlyDisaster.isReported([(headline: "Ferry capsizes off Zanzibar",
                                                  body: "Casualty figures were not yet known; a survivor described the waves.")]))
        XCTAssertFalse(DeadlyDisaster.isReported([(headline: "Factory explosion halts output",
                                                   body: "The founder's death last year left the firm without a chief.")]),
                       "a death that is no toll makes no accident deadly")
    }
}
