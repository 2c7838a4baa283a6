@testable import ArticleAnnotations
import Foundation
import NewsText
@testable import StoryComposition
import XCTest

final class StoryComposerTests: XCTestCase {
    func testOneCallComposesEveryStoryLevelField() {
        let composer = StoryComposer(authority: .bundled)
        let story = composer.compose(StoryFixtures.kenyaRateHike, topic: .africa, now: StoryFixtures.noon.addingTimeInterval(3600))
        XCTAssertFalse(story.headline.isEmpty)
        XCTAssertFalse(story.headline.contains("believe"), story.headline)
        XCTAssertEqual(story.summary, StorySummary.summarize(StoryFixtures.kenyaRateHike, headline: story.headline))
        XCTAssertEqual(story.consensus, Consensus.sentence(for: StoryFixtures.kenyaRateHike))
        XCTAssertNil(story.conflict)
        XCTAssertEqual(story.scoreBreakdown, StoryScorer(authority: .bundled)
            .score(StoryFixtures.kenyaRateHike, topic: .africa, now: StoryFixtures.noon.addingTimeInterval(3600)))
        XCTAssertEqual(story.breakingArticleIDs, ["r1"])
    }

    func testACollapseWithDisputedTollsCarriesTheConflict() {
        let story = StoryComposer(authority: .bundled).compose(StoryFixtures.lagosCollapse, topic: .africa, now: StoryFixtures.noon)
        XCTAssertEqual(story.conflict, "Reuters reports 12 dead while BBC News reports 15.")
    }

    /// A thirteenth reader's audit: a revenue dispute ($6.3bn against $6.1bn) was headed with the
    /// $6.1bn above a conflict line saying the figure is disputed. The headline stays out of it when
    /// an informative one does.
    func testTheHeadlineTakesNoSideOfADisputedFigure() {
        let articles = [
            StoryFixtures.article("c1", "Reuters", "reuters.com", "Building collapse in Lagos kills 12",
                                  StoryFixtures.lagosCollapse[0].body),
            StoryFixtures.article("c2", "BBC News", "bbc.co.uk", "Lagos building collapse: 15 dead in Ikoyi",
                                  StoryFixtures.lagosCollapse[1].body, minutesAfterNoon: 40),
            StoryFixtures.article("c3", "Punch", "punchng.com", "Rescuers search rubble after Lagos building collapse",
                                  "Rescue workers searched the rubble of a three-storey building that collapsed in Lagos on Sunday.",
                                  minutesAfterNoon: 50),
        ]
        let story = StoryComposer(authority: .bundled).compose(articles, topic: .africa, now: StoryFixtures.noon)
        XCTAssertEqual(story.conflict, "Reuters reports 12 dead while BBC News reports 15.")
        XCTAssertEqual(story.headline, "Rescuers search rubble after Lagos building collapse")
        // Without the dispute the authoritative toll headline wins, as before.
        let agreed = [articles[0], articles[2]]
        XCTAssertEqual(StoryComposer(authority: .bundled).compose(agreed, topic: .africa, now: StoryFixtures.noon).headline,
                       "Building collapse in Lagos kills 12")
    }

    func testTheHeadlineTakesNoSideOfADisputedWinner() {
        let story = StoryComposer(authority: .bundled).compose(StoryFixtures.malawiDisputedWinner, topic: .africa, now: StoryFixtures.noon)
        XCTAssertEqual(story.conflict, "Reuters reports that Lazarus Chakwera won while Nyasa Times reports that Peter Mutharika won.")
        XCTAssertEqual(story.headline, "Malawi presidential election result announced")
    }

    /// A vote share in a headline is read as one, and only the words telling two names apart count.
    func testAHeadlineTakesASideOfAVoteShareOrOfANameByTheWordsThatDiffer() {
        let shares = Dispute(sentence: "", figures: NumericFacts.facts(in: "Hounkpè won 71.4% of the vote; turnout fell.", electionContext: true)
            + NumericFacts.facts(in: "Hounkpè took 74.1% of the vote.", electionContext: true))
        XCTAssertEqual(shares.figures.count, 2)
        XCTAssertTrue(shares.isSideTaken(by: TextReading("Hounkpè wins with 71.4% of the vote")))
        let names = Dispute(sentence: "", names: ["John Mahama", "John Kufuor"])
        XCTAssertTrue(names.isSideTaken(by: TextReading("Mahama declared winner")))
        XCTAssertFalse(names.isSideTaken(by: TextReading("John waits for the count")))
    }

    /// Leaving the dispute is worth it only for an informative headline: a question loses to a side.
    func testAHeadlineStatingOneSideStaysWhenOnlyClickbaitIsNeutral() {
        let articles = [
            StoryFixtures.lagosCollapse[0],
            StoryFixtures.lagosCollapse[1],
            StoryFixtures.article("c3", "Daily Blaze", "blaze.example", "You won't believe what happened in Lagos today",
                                  "A building collapsed in Lagos on Sunday.", minutesAfterNoon: 50),
        ]
        let story = StoryComposer(authority: .bundled).compose(articles, topic: .africa, now: StoryFixtures.noon)
        XCTAssertNotNil(story.conflict)
        XCTAssertTrue(["Building collapse in Lagos kills 12", "Lagos building collapse: 15 dead in Ikoyi"].contains(story.headline),
                      story.headline)
    }

    func testAStoryOfManyWireCopiesStillReadsEveryOutlet() {
        let copies = (0 ..< 30).map { index in
            StoryFixtures.article("r\(index)", "Reuters", "reuters.com", "Kenya raises rates", StoryFixtures.kenyaRateHike[0].body)
        }
        let nation = StoryFixtures.kenyaRateHike[1]
        let story = StoryComposer(authority: .bundled).compose(copies + [nation], topic: .africa, now: StoryFixtures.noon)
        XCTAssertNotNil(story.consensus, "the one Nation article must not be crowded out by thirty wire copies")
        XCTAssertEqual(story.scoreBreakdown.crossSourceConfirmation, 8)
    }
}
