import NewsText
import XCTest
@testable import StoryClustering

final class EventKindTests: XCTestCase {
    /// The natural-disaster and accident lists are the repo's lists of deadly incidents
    /// (`NaturalDisasters`, `Accidents`); each of their words must have a kind of deadly incident,
    /// or an incident named by it would not count as one here.
    func testEveryNaturalDisasterAndAccidentWordHasAKind() {
        let missing = NaturalDisasters.words.union(Accidents.words).filter { EventKind.byWord[$0]?.isDeadlyIncident != true }
        XCTAssertEqual(missing, [], "add these to EventKind.byWord")
    }

    func testHeadlinesNameTheirKinds() {
        let kinds = { (headline: String) in EventKind.kinds(in: Tokenizer.contentWords(headline)) }
        XCTAssertEqual(kinds("Train collision near Algeria's Blida kills nine"), [.crash])
        XCTAssertEqual(kinds("Five dead as 5.9 quake shakes Béjaïa"), [.earthquake])
        XCTAssertEqual(kinds("Floods and landslides kill 12 in Ratnapura"), [.storm])
        XCTAssertEqual(kinds("Fuel depot blast in Kinshasa: fire put out"), [.fire])
        XCTAssertEqual(kinds("Central bank cuts rate by 25 basis points"), [.rateDecision])
        XCTAssertEqual(kinds("Brightwater revenue rises 17% on AI cloud demand"), [.results])
        XCTAssertEqual(kinds("EU fines Brightwater over cloud licensing"), [.penalty])
        XCTAssertEqual(kinds("Korvain recalls 410,000 SUVs over airbag fault"), [.recall], "a ninth audit: results and a recall merged")
        XCTAssertEqual(kinds("Migrant dinghy flips off Zuwara"), [.crash])
        XCTAssertEqual(kinds("Biden launches re-election bid"), [.launch], "a launch, which tells apart only from company news")
        XCTAssertEqual(kinds("Kelvane unveils Nimbus Tri, a $2,199 phone that folds twice"), [.launch])
    }

    /// Issue 26: kinds that many actors have in one week are named by their headlines, and only who
    /// acts tells two of them apart (`EventActors`); against other kinds they say nothing, since a
    /// company's job cuts and its results may be one announcement.
    func testKindsToldApartByActorAreNamedAndSayNothingAgainstOtherKinds() {
        let kinds = { (headline: String) in EventKind.kinds(in: Tokenizer.contentWords(headline)) }
        XCTAssertEqual(kinds("Quillfeather lays off 9% of staff as AI spending grows"), [.layoffs])
        XCTAssertEqual(kinds("Harrowgate job cuts deepen a week of tech layoffs"), [.layoffs])
        XCTAssertEqual(kinds("Norges Bank trims policy rate to 4.0%"), [.rateDecision])
        XCTAssertEqual(kinds("Spanish government survives no-confidence vote"), [.confidenceVote])
        XCTAssertEqual(kinds("Bolojan ousted as parliament topples government"), [.confidenceVote])
        XCTAssertEqual(kinds("US Senate passes drug pricing bill 58-41"), [.legislativeVote])
        XCTAssertEqual(kinds("House Approves Two-Person Crews For Freight Trains"), [.legislativeVote])
        XCTAssertEqual(kinds("Senate leader calls for calm"), [], "a chamber that does nothing with a bill")
        XCTAssertTrue(EventKind.allCases.filter(\.isToldApartByActor).allSatisfy { !$0.isDeadlyIncident })
        XCTAssertFalse(EventKind.differ([.layoffs], [.results]))
        XCTAssertFalse(EventKind.differ([.rateDecision], [.confidenceVote]))
        XCTAssertTrue(EventKind.differ([.layoffs, .results], [.penalty]))
    }

    /// A thirteenth audit: a phone launch and the maker's fine of one day were one card. A launch
    /// differs from a company's other news only: beside a deadly incident ("army launches strikes",
    /// "missile strike sparks fire") it says nothing.
    func testALaunchTellsApartOnlyFromACompanysOtherNews() {
        XCTAssertTrue(EventKind.differ([.launch], [.penalty]))
        XCTAssertTrue(EventKind.differ([.results], [.launch]))
        XCTAssertFalse(EventKind.differ([.launch], [.launch, .penalty]))
        XCTAssertFalse(EventKind.differ([.launch], [.fire]))
        XCTAssertFalse(EventKind.differ([.fire], [.launch]))
        XCTAssertTrue(EventKind.differ([.fire], [.crash]))
        XCTAssertTrue(EventKind.differ([.results], [.penalty]))
    }

    /// A fourteenth audit: a miners' strike and a market fire in Kitwe were one card. A walkout is a
    /// kind of event; an army's strike is not, or the fire it started would be another story.
    func testALabourStrikeIsAKindAndAnAttackIsNot() {
        let kinds = { (headline: String) in EventKind.kinds(in: StrikeWords.contentWords(Tokenizer.tokens(headline))) }
        XCTAssertEqual(kinds("Zambian copper miners strike at Kitwe shaft, union seeks 25% raise"), [.strike])
        XCTAssertEqual(kinds("Teachers' walkout shuts schools across Somaliland"), [.strike])
        XCTAssertEqual(kinds("Fire destroys hundreds of stalls at Kitwe's Chisokone market"), [.fire])
        XCTAssertTrue(EventKind.differ(kinds("Zambian copper miners strike at Kitwe shaft"), kinds("Two killed in Kitwe market fire")))
        XCTAssertEqual(kinds("Drone strike sparks fire at Volgograd refinery"), [.fire])
        XCTAssertEqual(kinds("Army launches strikes on rebel camps"), [.launch])
        XCTAssertEqual(kinds("Israel strikes Gaza hospital"), [])
        XCTAssertEqual(kinds("Salah strikes twice as Liverpool win"), [])
        XCTAssertEqual(kinds("Nurses launch strike over pay"), [.strike])
        XCTAssertEqual(kinds("Earthquake strikes off Sumatra"), [.earthquake])
        XCTAssertEqual(kinds("Miners' union strikes deal with Kafue Red Metals"), [])
    }
}
