@testable import ArticleAnnotations
@testable import StoryComposition
import NewsText
import XCTest

/// The readers match text against the word-class resource through the stemmer, so a word is read in
/// every regular inflection, and a word the stemmer would merge with another is kept apart.
final class WordClassReadingTests: XCTestCase {
    func testATollIsReadInAnyInflectionOfItsWord() {
        XCTAssertEqual(NumericFacts.facts(in: "Twelve migrants drown off Lampedusa.").map(\.kind), [.deaths])
        XCTAssertEqual(NumericFacts.facts(in: "Four people were injured and two people were detained.").map(\.kind),
                       [.injuries, .arrests])
        XCTAssertFalse(NumericFacts.facts(in: "Five people living near the plant were evacuated.").map(\.kind).contains(.deaths),
                       "\"living\" shares the stem of \"lives\" and counts no deaths")
    }

    func testACourtRulingIsReadInAnyInflectionOfItsVerb() {
        XCTAssertEqual(CourtRuling.outcome(in: FactWords.words(of: "The Supreme Court is annulling the election.")), .voided)
        XCTAssertEqual(CourtRuling.outcome(in: FactWords.words(of: "The court ruled the law unconstitutional.")), .voided,
                       "\"ruled\" is no ruling under appeal")
    }

    func testAMarketHeadlineIsReadInAnyInflection() {
        XCTAssertTrue(MarketReaction.isReaction(TextReading("Market tumbles as government falls")))
        XCTAssertFalse(MarketReaction.isReaction(TextReading("Government falls after budget vote")))
    }

    func testParaphrasesMeetInAnyInflection() {
        XCTAssertNotNil(Consensus.paraphrase(of: "saying"))
        XCTAssertEqual(Consensus.paraphrase(of: "saying"), Consensus.paraphrase(of: "told"))
        XCTAssertNil(Consensus.paraphrase(of: "state"), "state media is no statement")
    }
}
