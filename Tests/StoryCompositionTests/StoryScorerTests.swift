import Foundation
import NewsText
import StoryComposition
import XCTest

final class StoryScorerTests: XCTestCase {
    private let scorer = StoryScorer(authority: .bundled)
    private let noon = StoryFixtures.noon

    func testTheSignalScoreIsTheSumOfFiveComponentsEachWithinZeroToTwenty() {
        let breakdown = scorer.score(StoryFixtures.kenyaRateHike, topic: .africa, now: noon.addingTimeInterval(3600))
        for component in [breakdown.sourceAuthority, breakdown.freshness, breakdown.localRelevance,
                          breakdown.crossSourceConfirmation, breakdown.topicImportance] {
            XCTAssertTrue((0 ... 20).contains(component), "\(breakdown)")
        }
        XCTAssertEqual(breakdown.signalScore, breakdown.sourceAuthority + breakdown.freshness + breakdown.localRelevance
            + breakdown.crossSourceConfirmation + breakdown.topicImportance)
    }

    func testFreshnessHalvesEveryHalfLifeFromTheLatestArticle() {
        let articles = [StoryFixtures.article("a", "Reuters", "reuters.com", "Kenya raises rates", "", minutesAfterNoon: 0)]
        let halfLife = scorer.freshnessHalfLife
        XCTAssertEqual(scorer.score(articles, topic: nil, now: noon).freshness, 20)
        XCTAssertEqual(scorer.score(articles, topic: nil, now: noon.addingTimeInterval(halfLife)).freshness, 10)
        XCTAssertEqual(scorer.score(articles, topic: nil, now: noon.addingTimeInterval(2 * halfLife)).freshness, 5)
        XCTAssertEqual(scorer.score(articles, topic: nil, now: noon.addingTimeInterval(30 * halfLife)).freshness, 0)
        XCTAssertEqual(scorer.score(articles, topic: nil, now: noon.addingTimeInterval(-600)).freshness, 20,
                       "a feed clock ahead of ours counts as brand new, not as more than new")
    }

    /// Three reader's audits saw an undated feed's old item stamped with the fetch time outrank
    /// multi-outlet news on freshness alone.
    func testReportsOfUnknownAgeEarnNoFreshnessAndDoNotMaskAnOlderKnownTime() {
        let backlog = StoryFixtures.article("u", "County Courier", "courier.example", "County approves jail budget", "",
                                            minutesAfterNoon: 0, ageUnknown: true)
        XCTAssertEqual(scorer.score([backlog], topic: nil, now: noon).freshness, 0, "no known time: not fresh")
        let dated = StoryFixtures.article("d", "Reuters", "reuters.com", "County approves jail budget", "",
                                          minutesAfterNoon: -scorer.freshnessHalfLife / 60)
        XCTAssertEqual(scorer.score([dated, backlog], topic: nil, now: noon).freshness, 10,
                       "the latest known time decides, not the backlog's fetch stamp")
        let later = StoryFixtures.article("n", "County Courier", "courier.example", "County approves jail budget", "")
        XCTAssertEqual(scorer.score([later], topic: nil, now: noon).freshness, 20, "a report of known age is fresh")
    }

    func testAStoryHeadlinedAsAfricanIsFullyLocalAndAUSStoryIsNot() {
        XCTAssertEqual(scorer.score(StoryFixtures.lagosCollapse, topic: .africa, now: noon).localRelevance, 20)
        let washington = [StoryFixtures.article("w", "Reuters", "reuters.com", "Senate passes US budget bill",
                                                "The US Senate passed the spending bill in Washington on Friday.")]
        XCTAssertEqual(scorer.score(washington, topic: .politics, now: noon).localRelevance, 0)
    }

    /// A thirteenth audit: floods in Benguela, a city the gazetteer then lacked, told by four outlets
    /// and filed on the Africa desk, scored 4 and ranked below lesser African news (here Catumbela, a
    /// town it still lacks).
    func testAStoryOnTheRegionsDeskIsLocalEvenWhenItNamesOnlyUnknownTowns() {
        let floods = [StoryFixtures.article("k", "Kwanza Herald", "kwanza.example", "Catumbela flood toll reaches 27, governor says",
                                            "At least 27 people have died in the Catumbela floods, the governor told reporters.")]
        XCTAssertEqual(scorer.score(floods, topic: nil, now: noon).localRelevance, 0)
        XCTAssertEqual(scorer.score(floods, topic: .africa, now: noon).localRelevance, StoryScorer.regionalDeskRelevance)
        XCTAssertEqual(scorer.score(StoryFixtures.lagosCollapse, topic: .africa, now: noon).localRelevance, 20, "more when named")
        let elsewhere = StoryScorer(authority: .bundled, region: Region(name: "Nordics") { $0.contains("Oslo") })
        XCTAssertEqual(elsewhere.score(floods, topic: .africa, now: noon).localRelevance, 0, "the Africa desk is not every region's")
    }

    func testConfirmationCountsDistinctOutletsNotArticles() {
        let oneOutletTwice = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "Kenya raises rates", ""),
            StoryFixtures.article("b", "Reuters Africa", "reuters.com", "Kenya raises rates", ""),
        ]
        XCTAssertEqual(scorer.score(oneOutletTwice, topic: nil, now: noon).crossSourceConfirmation, 0)
        XCTAssertEqual(scorer.score(StoryFixtures.lagosCollapse, topic: nil, now: noon).crossSourceConfirmation, 8)
        XCTAssertEqual(scorer.score(StoryFixtures.kenyaRateHike, topic: nil, now: noon).crossSourceConfirmation, 15)
        XCTAssertEqual(StoryScorer.crossSourceConfirmation(distinctSources: 40), 20)
    }

    func testAuthorityAveragesTheBestOutletWithTheMeanOfAll() {
        let wireAndBlog = [
            StoryFixtures.article("a", "Reuters", "reuters.com", "Kenya raises rates", ""),
            StoryFixtures.article("b", "Blog", "blog.example", "Kenya raises rates", ""),
        ]
        // best 19, mean (19 + 8) / 2 = 13.5 → (19 + 13.5) / 2 = 16.25 → 16
        XCTAssertEqual(scorer.score(wireAndBlog, topic: nil, now: noon).sourceAuthority, 16)
    }

    func testDeathsAndRateDecisionsRaiseTopicImportance() {
        let plain = [StoryFixtures.article("p", "Nation", "nation.africa", "Nairobi hosts a trade fair", "Exhibitors arrived.")]
        let plainScore = scorer.score(plain, topic: .africa, now: noon).topicImportance
        XCTAssertEqual(plainScore, 10)
        XCTAssertGreaterThan(scorer.score(StoryFixtures.lagosCollapse, topic: .africa, now: noon).topicImportance, plainScore)
        XCTAssertGreaterThan(scorer.score(StoryFixtures.kenyaRateHike, topic: .africa, now: noon).topicImportance, plainScore)
        XCTAssertEqual(scorer.score(plain, topic: nil, now: noon).topicImportance, 4)
    }

    /// A reader's audit: a ferry disaster (14 drowned) scored 14, like a rate decision, because
    /// neither "capsized" nor "drowned" was a signal word.
    func testAFerryThatCapsizedWithDeathsCountsAsADisasterWithCasualties() {
        let ferry = [StoryFixtures.article("f", "Gaborone Sun", "gaboronesun.example", "Ferry capsizes on Lake Kariba",
                                           "At least 14 people drowned when a packed ferry capsized in a storm on Lake Kariba.")]
        XCTAssertEqual(scorer.score(ferry, topic: .africa, now: noon).topicImportance, 18, "africa 10 + casualties 4 + disaster 4")
    }
}
