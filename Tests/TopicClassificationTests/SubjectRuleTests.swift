import TopicClassification
import XCTest

/// `SubjectRule`: each rule moves only the subjects it names, only when the model is unsure, and
/// the classifier tries them in `SubjectRule.ordered`.
final class SubjectRuleTests: XCTestCase {
    private let fallen: [StoryText] = [(headline: "French government falls in no-confidence vote", body: "")]
    private let voted: [StoryText] = [(headline: "US House votes to ban lawmakers from trading stocks", body: "")]
    private let jailed: [StoryText] = [(headline: "Former fisheries minister jailed for corruption", body: "")]
    private let ruled: [StoryText] = [(headline: "Brazil's Supreme Court strikes down app drivers' employment law", body: "")]
    private let attack: [StoryText] = [(headline: "Ransomware attack forces Danish hospitals to divert ambulances", body: "")]
    private let quake: [StoryText] = [(headline: "Strong earthquake off Miyagi kills 17 in northeastern Japan",
                                       body: "The meteorological agency said power was cut to thousands of homes.")]
    private let reliefRow: [StoryText] = [(headline: "Opposition accuses government over flood response as toll reaches 40",
                                           body: "")]
    private let bombing: [StoryText] = [(headline: "Blast kills seven soldiers in Kandahar", body: "")]

    /// One row per case: the rule, the story, the model's subject and probability, whether it applies.
    private var cases: [(rule: SubjectRule, texts: [StoryText], subject: Subject, probability: Double, applies: Bool, why: String)] {
        [
            (.governmentCrisis, fallen, .finance, 0.66, true, "a budget row read as finance"),
            (.governmentCrisis, fallen, .tech, 0.5, true, "tech the model is unsure of"),
            (.governmentCrisis, fallen, .finance, 0.95, true, "a resignation over an IMF deal"),
            (.governmentCrisis, fallen, .finance, 0.995, false, "near certainty keeps its desk"),
            (.governmentCrisis, fallen, .other, 0.5, false, "other stays other"),
            (.governmentCrisis, quake, .finance, 0.5, false, "no government fell"),
            (.legislativeVote, voted, .finance, 0.8, true, "a bill about shares read as finance"),
            (.legislativeVote, voted, .tech, 0.6, true, "a bill about technology read as tech"),
            (.legislativeVote, voted, .finance, 0.9, true, "the audit's report scored finance 0.90"),
            (.legislativeVote, voted, .finance, 0.96, true, "an airline-refunds vote scored finance 0.96"),
            (.legislativeVote, voted, .finance, 0.995, false, "near certainty keeps its desk"),
            (.legislativeVote, voted, .other, 0.5, false, "other stays other"),
            (.legislativeVote, fallen, .finance, 0.5, false, "no vote on a bill"),
            (.politicianInCourt, jailed, .finance, 0.8, true, "bribes read as finance"),
            (.politicianInCourt, jailed, .tech, 0.6, true, "a case over licences read as tech"),
            (.politicianInCourt, jailed, .finance, 0.995, false, "near certainty keeps its desk"),
            (.politicianInCourt, jailed, .other, 0.5, false, "other stays other"),
            (.politicianInCourt, voted, .finance, 0.5, false, "no one in court"),
            (.lawInCourt, ruled, .finance, 0.8, true, "a law about work read as finance"),
            (.lawInCourt, ruled, .finance, 0.995, false, "near certainty keeps its desk"),
            (.lawInCourt, ruled, .other, 0.5, false, "other stays other"),
            (.lawInCourt, jailed, .finance, 0.5, false, "a person in court, no law"),
            (.cyberAttack, attack, .other, 0.7, true, "a hospital attack read as health"),
            (.cyberAttack, attack, .other, 0.95, false, "the model is sure it is not news for a desk"),
            (.cyberAttack, attack, .finance, 0.6, true, "ports and cargo read as trade"),
            (.cyberAttack, attack, .finance, 0.95, false, "near certainty keeps its desk"),
            (.cyberAttack, attack, .tech, 0.55, true, "tech under the listing bar is listed"),
            (.cyberAttack, attack, .politics, 0.6, false, "a state's hacking is politics"),
            (.cyberAttack, fallen, .other, 0.5, false, "no attack"),
            (.deadlyDisaster, quake, .tech, 0.6, true, "a quake read as science"),
            (.deadlyDisaster, quake, .finance, 0.89, true, "a quake read as insured losses"),
            (.deadlyDisaster, quake, .finance, 0.95, false, "strong evidence keeps its desk"),
            (.deadlyDisaster, quake, .politics, 0.5, false, "a row over the relief effort is politics"),
            (.deadlyDisaster, quake, .other, 0.5, false, "already no desk"),
            (.deadlyDisaster, attack, .tech, 0.5, false, "no disaster"),
            (.disasterWithoutPolitics, quake, .politics, 0.74, true, "a quake the model leans to politics on"),
            (.disasterWithoutPolitics, quake, .politics, 0.95, false, "strong evidence keeps its desk"),
            (.disasterWithoutPolitics, quake, .tech, 0.6, false, "tech is the deadly-disaster rule's"),
            (.disasterWithoutPolitics, reliefRow, .politics, 0.5, false, "a row over the relief effort is politics"),
            (.disasterWithoutPolitics, bombing, .politics, 0.5, false, "a blast may be a bombing: politics"),
        ]
    }

    func testEachRuleMovesOnlyItsSubjectsAndOnlyBelowItsStrongEvidence() {
        for row in cases {
            XCTAssertEqual(row.rule.applies(subject: row.subject, probability: row.probability, texts: row.texts), row.applies,
                           "\(row.rule.name), \(row.subject) at \(row.probability): \(row.why)")
        }
    }

    func testEachRuleSendsTheStoryToItsDesk() {
        XCTAssertEqual(SubjectRule.governmentCrisis.desk, .politics)
        XCTAssertEqual(SubjectRule.legislativeVote.desk, .politics)
        XCTAssertEqual(SubjectRule.politicianInCourt.desk, .politics)
        XCTAssertEqual(SubjectRule.lawInCourt.desk, .politics)
        XCTAssertEqual(SubjectRule.cyberAttack.desk, .tech)
        XCTAssertNil(SubjectRule.deadlyDisaster.desk)
        XCTAssertNil(SubjectRule.disasterWithoutPolitics.desk)
    }

    /// A government that fell over a disaster's cost is politics, not unlisted.
    func testTheGovernmentCrisisRuleIsTriedBeforeTheDisasterRule() {
        XCTAssertEqual(SubjectRule.ordered.map(\.name), ["GovernmentCrisisRule", "LegislativeVoteRule", "PoliticianInCourtRule",
                                                     "LawInCourtRule", "CyberAttackRule", "DeadlyDisasterRule",
                                                     "DisasterWithoutPoliticsRule"])
        let both: [StoryText] = [(headline: "Government collapses as flood toll reaches 40", body: "")]
        let first = SubjectRule.ordered.first { $0.applies(subject: .finance, probability: 0.6, texts: both) }
        XCTAssertEqual(first?.name, "GovernmentCrisisRule")
        XCTAssertTrue(SubjectRule.deadlyDisaster.applies(subject: .finance, probability: 0.6, texts: both))
    }
}
