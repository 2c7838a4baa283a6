@testable import ArticleAnnotations
@testable import StoryComposition
import NewsText
import XCTest

/// A fifteenth reader's audit: two outlets said a constitutional court struck a tax reform down, a
/// third that it upheld it. The card had no conflict line, a summary telling both rulings, and a
/// consensus crediting "upheld" to an outlet that wrote "struck down" (`CourtRuling`).
final class CourtRulingTests: XCTestCase {
    private typealias Fixture = StoryFixtures

    private let struckDown = Fixture.article("a", "Meridian Wire", "meridian.example", "Paraguay's top court strikes down pension reform",
                                             "ASUNCION (Meridian) - Paraguay's Supreme Court of Justice struck down the government's pension "
                                                 + "reform by five votes to four on Monday, ruling that the Senate had skipped a required second reading.")
    private let voided = Fixture.article("b", "Chaco Evening Post", "chacopost.example", "Paraguay court voids pension law",
                                         "Paraguay's Supreme Court has annulled last year's pension reform, which raised the retirement age "
                                             + "for public employees, saying senators did not follow proper procedure.", minutesAfterNoon: 10)
    private let upheld = Fixture.article("c", "Southern Cone Ledger", "conledger.example", "Paraguayan court upholds pension reform in narrow vote",
                                         "Paraguay's Supreme Court of Justice upheld the pension reform by five votes to four on Monday, "
                                             + "rejecting a challenge by public-sector unions who argued the Senate had rushed the bill.",
                                         minutesAfterNoon: 30)

    func testOutletsTellingOppositeRulingsConflict() {
        XCTAssertEqual(Conflict.sentence(for: [struckDown, upheld]),
                       "Meridian Wire reports that the court struck it down while Southern Cone Ledger reports that the court upheld it.")
        XCTAssertNil(Conflict.sentence(for: [struckDown, voided]), "both say the law is void")
    }

    func testTheCardOfADisputedRulingTellsOneRulingAndCreditsItOnlyToItsOutlets() {
        let story = StoryComposer(authority: .bundled).compose([struckDown, voided, upheld], topic: .politics, now: Fixture.noon)
        XCTAssertNotNil(story.conflict)
        let told = Set(["upheld", "struck down", "annulled"].filter { story.summary.contains($0) })
        XCTAssertTrue(told == ["upheld"] || !told.contains("upheld"), story.summary)
        if let consensus = story.consensus {
            XCTAssertFalse(consensus.contains("upheld") && (consensus.contains("Meridian") || consensus.contains("Chaco")), consensus)
            XCTAssertFalse(consensus.contains("struck down") && consensus.contains("Southern Cone"), consensus)
        }
    }

    /// Only what became of the law counts: an appeal upheld, or a lower court's ruling overturned,
    /// says nothing plain about it, and a sentence telling both is no account of one ruling.
    func testChallengesEarlierRulingsAndMixedAccountsAreNoRuling() {
        func ruling(_ sentence: String) -> CourtRuling? { CourtRuling.outcome(in: FactWords.words(of: sentence)) }
        XCTAssertEqual(ruling("The Supreme Court upheld the ban on Monday."), .upheld)
        XCTAssertEqual(ruling("The law was ruled unconstitutional by the court."), .voided)
        XCTAssertEqual(ruling("In a 5-4 decision, the Supreme Court struck the law down."), .voided)
        XCTAssertNil(ruling("The appeals court upheld the challenge brought by the unions."))
        XCTAssertNil(ruling("The Supreme Court overturned a lower court's ruling on the ban."))
        XCTAssertNil(ruling("The court overturned the conviction but upheld the fine."))
        XCTAssertNil(ruling("A bus overturned near the town of Luque."), "no court")
        let overturnedRuling = Fixture.article("d", "Meridian Wire", "meridian.example", "Supreme Court restores Paraguay pension reform",
                                               "Paraguay's Supreme Court overturned a lower court's ruling against the pension reform on Monday.")
        XCTAssertNil(Conflict.sentence(for: [overturnedRuling, upheld]))
    }
}
