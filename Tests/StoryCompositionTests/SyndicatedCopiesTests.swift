@testable import ArticleAnnotations
import Foundation
import NewsText
import XCTest
@testable import StoryComposition

/// A regional paper that runs the wire's copy word for word is no independent source: found by a
/// reader's audit, where such a copy was named in the consensus and counted as confirmation.
final class SyndicatedCopiesTests: XCTestCase {
    private let wireCopy = "WASHINGTON, Nov 30 (MPA) - The U.S. Federal Reserve left its benchmark interest rate unchanged in a "
        + "range of 4.25% to 4.50% on Monday, saying it wanted more evidence that inflation was heading back to its 2% target "
        + "before lowering borrowing costs again. The decision was approved by a 10-2 vote, with two governors favouring a "
        + "quarter-point cut."

    private var wire: StoryArticle {
        StoryFixtures.article("w", "Meridian Press Agency", "mpa.example", "Fed holds rates steady, signals patience", wireCopy)
    }
    /// The wire's copy under the regional paper's own headline, last sentence trimmed.
    private var regional: StoryArticle {
        StoryFixtures.article("r", "Midland Evening Post", "midland.example", "US central bank keeps interest rates on hold",
                              String(wireCopy[..<wireCopy.range(of: " The decision")!.lowerBound]), minutesAfterNoon: 30)
    }
    private var independent: StoryArticle {
        StoryFixtures.article("i", "The Capital Ledger", "ledger.example", "Treasury yields climb after Fed stands pat",
                              "The Federal Reserve left its benchmark interest rate unchanged in a range of 4.25% to 4.50%, and "
                                  + "two-year Treasury yields rose 6 basis points as traders pushed back bets on a cut. The decision "
                                  + "was approved by a 10-2 vote.", minutesAfterNoon: 20)
    }

    func testAnOutletRunningAnotherOutletsCopyIsACopy() {
        XCTAssertEqual(SyndicatedCopies.copyingOutlets([wire, regional, independent]), ["midland.example"])
        XCTAssertEqual(SyndicatedCopies.copyingOutlets([wire, independent]), [], "reporting the same facts in its own words")
    }

    func testACopyAddsNoConfirmation() {
        let scorer = StoryScorer(authority: .bundled)
        let withCopy = scorer.score([wire, regional, independent], topic: .finance, now: StoryFixtures.noon)
        let without = scorer.score([wire, independent], topic: .finance, now: StoryFixtures.noon)
        XCTAssertEqual(withCopy.crossSourceConfirmation, without.crossSourceConfirmation)
        XCTAssertEqual(scorer.score([wire, regional], topic: .finance, now: StoryFixtures.noon).crossSourceConfirmation, 0)
    }

    func testACopyIsNotNamedBesideIndependentOutlets() throws {
        let republished = try XCTUnwrap(Consensus.sentence(for: [wire, regional]), "a wire story others only republished")
        XCTAssertTrue(republished.hasPrefix("Meridian Press Agency and Midland Evening Post both report that"), republished)
        let consensus = try XCTUnwrap(Consensus.sentence(for: [wire, regional, independent]))
        XCTAssertFalse(consensus.contains("Midland"), consensus)
        XCTAssertTrue(consensus.contains("Meridian Press Agency") && consensus.contains("The Capital Ledger"), consensus)
    }

    /// Found by a third reader's audit: "Northstar Wire reports 27 dead while Maputo Daily News
    /// reports 14", where Maputo's 14 was the wire's own first report, republished.
    func testACopyOfTheWiresEarlierReportIsNoDisputeWithItsNewerOne() {
        let first = "MAPUTO (Northstar) - Cyclone Tamsin killed at least 14 people when it made landfall in northern "
            + "Mozambique on Monday, destroying thousands of homes in Nampula province and cutting power to the port city of "
            + "Nacala, the National Institute for Disaster Management (INGD) said."
        let wireFirst = StoryFixtures.article("w1", "Northstar Wire", "northstar.example", "Cyclone Tamsin kills 14 in Mozambique", first)
        let copy = StoryFixtures.article("m1", "Maputo Daily News", "maputodaily.example", "Cyclone Tamsin leaves 14 dead in Nampula",
                                         first.replacingOccurrences(of: "(INGD)", with: "(Instituto Nacional de Gestão de Desastres)"),
                                         minutesAfterNoon: 60)
        let wireNewer = StoryFixtures.article("w2", "Northstar Wire", "northstar.example", "Cyclone Tamsin: death toll climbs to 27",
                                              "MAPUTO (Northstar) - The death toll from Cyclone Tamsin in northern Mozambique rose "
                                                  + "to 27 on Monday evening, the disaster management institute said.",
                                              minutesAfterNoon: 240)
        let story = StoryComposer(authority: .bundled).compose([wireNewer, copy, wireFirst], topic: .africa,
                                                               now: StoryFixtures.noon.addingTimeInterval(5 * 3600))
        XCTAssertNil(story.conflict, story.conflict ?? "")
        XCTAssertEqual(story.scoreBreakdown.crossSourceConfirmation, 0, "one voice: the wire")
    }
}
