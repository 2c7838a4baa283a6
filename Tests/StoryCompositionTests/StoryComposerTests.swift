import Foundation
import StoryComposition
import XCTest

final class StoryComposerTests: XCTestCase {
    func testOneCallComposesEveryStoryLevelField() {
        let composer = StoryComposer(authority: .bundled)
        let story = composer.compose(StoryFixtures.kenyaRateHike, topic: "africa", now: StoryFixtures.noon.addingTimeInterval(3600))
        XCTAssertFalse(story.headline.isEmpty)
        XCTAssertFalse(story.headline.contains("believe"), story.headline)
        XCTAssertEqual(story.summary, StorySummary.summarize(StoryFixtures.kenyaRateHike, headline: story.headline))
        XCTAssertEqual(story.consensus, Consensus.sentence(for: StoryFixtures.kenyaRateHike))
        XCTAssertNil(story.conflict)
        XCTAssertEqual(story.scoreBreakdown, StoryScorer(authority: .bundled)
            .score(StoryFixtures.kenyaRateHike, topic: "africa", now: StoryFixtures.noon.addingTimeInterval(3600)))
        XCTAssertEqual(story.breakingArticleIDs, ["r1"])
    }

    func testACollapseWithDisputedTollsCarriesTheConflict() {
        let story = StoryComposer(authority: .bundled).compose(StoryFixtures.lagosCollapse, topic: "africa", now: StoryFixtures.noon)
        XCTAssertEqual(story.conflict, "Reuters reports 12 dead while BBC News reports 15.")
    }

    func testAStoryOfManyWireCopiesStillReadsEveryOutlet() {
        let copies = (0 ..< 30).map { index in
            StoryFixtures.article("r\(index)", "Reuters", "reuters.com", "Kenya raises rates", StoryFixtures.kenyaRateHike[0].body)
        }
        let nation = StoryFixtures.kenyaRateHike[1]
        let story = StoryComposer(authority: .bundled).compose(copies + [nation], topic: "africa", now: StoryFixtures.noon)
        XCTAssertNotNil(story.consensus, "the one Nation article must not be crowded out by thirty wire copies")
        XCTAssertEqual(story.scoreBreakdown.crossSourceConfirmation, 8)
    }
}
