import Foundation
import StoryEngine
import StoryEngineFixtures
import XCTest
@testable import StoryComposition

/// The per-article pipeline: cluster, then compose and score the story it landed in.
final class StoryEngineTests: XCTestCase {
    private let start = KenyaRateDecision.start

    private func article(_ id: String, outlet: String, minutes: Double, _ headline: String, _ body: String,
                         breaking: Bool = false) -> EngineArticle {
        KenyaRateDecision.report(id, outlet: outlet, minutes: minutes, headline, body, flagged: breaking)
    }

    private var rateDecision: [EngineArticle] {
        KenyaRateDecision.firstReports + [
            article("a3", outlet: "Markets Journal", minutes: 45, "CBK hikes rate by 50 basis points as inflation bites",
                    "The Central Bank of Kenya's Monetary Policy Committee raised the central bank rate by 50 basis points to 13 percent, "
                    + "Governor Kamau Thugge told reporters in Nairobi, pointing to inflation and the shilling."),
        ]
    }

    func testArticlesOfOneEventFromThreeOutletsMakeOneComposedStory() throws {
        let engine = try StoryEngine()
        let updates = rateDecision.map { engine.ingest($0, now: start.addingTimeInterval(3600)) }
        XCTAssertTrue(updates[0].isNewStory)
        XCTAssertFalse(updates[1].isNewStory)
        XCTAssertEqual(Set(updates.map(\.story.id)).count, 1)
        let story = try XCTUnwrap(updates.last?.story)
        XCTAssertEqual(story.sourceCount, 3)
        XCTAssertFalse(story.summary.isEmpty)
        XCTAssertFalse(story.headline.isEmpty)
        XCTAssertNotEqual(story.headline, story.headline.uppercased())
        XCTAssertEqual(story.topic, .africa, "a Kenyan rate decision goes to the regional desk")
        XCTAssertTrue(story.isListed)
        XCTAssertNotNil(story.consensus, "three outlets agree on the rate")
        let b = story.breakdown
        XCTAssertEqual(b.signalScore, b.sourceAuthority + b.freshness + b.localRelevance + b.crossSourceConfirmation + b.topicImportance)
        XCTAssertEqual(story.latestArticleAt, start.addingTimeInterval(45 * 60))
        XCTAssertEqual(engine.storyCount, 1)
    }

    func testTwoFeedsOfOneOutletCountAsOneSource() throws {
        let engine = try StoryEngine()
        let first = rateDecision[0]
        let sameOutlet = EngineArticle(id: "a9", sourceName: "Nairobi Wire Business", sourceKey: first.sourceKey,
                                       headline: rateDecision[1].headline, body: rateDecision[1].body,
                                       publishedAt: rateDecision[1].publishedAt, url: "https://nairobiwire.example/biz/a9",
                                       feedMarkedBreaking: false)
        _ = engine.ingest(first, now: start)
        let update = engine.ingest(sameOutlet, now: start)
        XCTAssertEqual(update.story.sourceCount, 1)
    }

    func testARestoredEngineJoinsNewArticlesToTheStoriesItWasGiven() throws {
        let original = try StoryEngine()
        let id = original.ingest(rateDecision[0], now: start).story.id
        let restored = try StoryEngine()
        restored.restore(rateDecision[0], storyID: id)
        let update = restored.ingest(rateDecision[1], now: start)
        XCTAssertEqual(update.story.id, id)
        XCTAssertFalse(update.isNewStory)
        XCTAssertEqual(update.story.sourceCount, 2)
    }

    func testAQuietStoryIsNotRescoredUntilANewArticleRevivesIt() throws {
        let engine = try StoryEngine()
        let id = engine.ingest(rateDecision[0], now: start).story.id
        engine.markQuiet([id])
        XCTAssertTrue(engine.rescore(now: start.addingTimeInterval(48 * 3600)).isEmpty)
        let update = engine.ingest(rateDecision[1], now: start.addingTimeInterval(3600))
        XCTAssertEqual(update.story.id, id)
        XCTAssertTrue(update.revived)
    }

    func testFreshnessDecayIsReportedByRescoreOnlyForStoriesWhoseScoreMoved() throws {
        let engine = try StoryEngine()
        let story = engine.ingest(rateDecision[0], now: start).story
        XCTAssertTrue(engine.rescore(now: start).isEmpty, "nothing moved")
        let later = engine.rescore(now: start.addingTimeInterval(30 * 3600))
        XCTAssertEqual(later.map(\.id), [story.id])
        XCTAssertLessThan(later[0].breakdown.freshness, story.breakdown.freshness)
    }

    /// An undated feed's backlog entry is stamped with its fetch time: that says nothing of its age,
    /// so it makes the story no fresher; a report of known age does.
    func testFreshnessFollowsTheLatestReportOfKnownAgeOnly() throws {
        let engine = try StoryEngine()
        let dated = rateDecision[0]
        let backlog = EngineArticle(id: "u1", sourceName: "Harbour Weekly", sourceKey: "harbourweekly.example",
                                    headline: dated.headline, body: dated.body, publishedAt: start.addingTimeInterval(3 * 3600),
                                    url: "https://harbourweekly.example/u1", ageUnknown: true)
        let alone = engine.ingest(backlog, now: start.addingTimeInterval(3 * 3600))
        XCTAssertEqual(alone.story.breakdown.freshness, 0, "no report of known age")
        XCTAssertTrue(alone.story.breakingArticleIDs.isEmpty)
        let halfLife: TimeInterval = 6 * 3600 // StoryScorer's default
        let joined = engine.ingest(dated, now: start.addingTimeInterval(halfLife))
        XCTAssertEqual(joined.story.id, alone.story.id)
        XCTAssertEqual(joined.story.breakdown.freshness, 10, "one half-life after the dated report, whatever the backlog's stamp")
    }

    func testEvictionForgetsStoriesOutsideTheWindow() throws {
        let engine = try StoryEngine()
        _ = engine.ingest(rateDecision[0], now: start)
        engine.evict(before: start.addingTimeInterval(3600))
        XCTAssertEqual(engine.storyCount, 0)
        XCTAssertTrue(engine.ingest(rateDecision[1], now: start).isNewStory, "an evicted story cannot be joined")
    }

    /// A story whose latest article is older than `StoryEngine.annotationLifetime` frees its articles'
    /// annotations at the re-score; a later report has them read again, and the story composes as in an
    /// engine that kept them.
    func testAStoryPastItsAnnotationLifetimeFreesItsAnnotationsAndComposesAsBeforeWhenItGrows() throws {
        // Each engine gets its own article values: copies of one value share its annotation.
        func copy(_ article: EngineArticle) -> EngineArticle {
            EngineArticle(id: article.id, sourceName: article.sourceName, sourceKey: article.sourceKey, headline: article.headline,
                          body: article.body, publishedAt: article.publishedAt, url: article.url)
        }
        let late = article("a4", outlet: "Markets Journal", minutes: 14 * 60, "CBK hikes rate by 50 basis points as inflation bites",
                           "The Central Bank of Kenya's Monetary Policy Committee raised the central bank rate by 50 basis points to 13 "
                               + "percent, Governor Kamau Thugge told reporters in Nairobi, pointing to inflation and the shilling.")
        let kept = try StoryEngine(), freed = try StoryEngine()
        let reports = KenyaRateDecision.firstReports.map(copy)
        for report in KenyaRateDecision.firstReports.map(copy) { _ = kept.ingest(report, now: start.addingTimeInterval(3600)) }
        for report in reports { _ = freed.ingest(report, now: start.addingTimeInterval(3600)) }
        XCTAssertTrue(reports.allSatisfy(\.holdsAnnotation), "composing read them")

        _ = freed.rescore(now: reports.last!.publishedAt.addingTimeInterval(StoryEngine.annotationLifetime - 60))
        XCTAssertTrue(reports.allSatisfy(\.holdsAnnotation), "within the lifetime they are kept")
        _ = freed.rescore(now: reports.last!.publishedAt.addingTimeInterval(StoryEngine.annotationLifetime + 60))
        XCTAssertFalse(reports.contains(where: \.holdsAnnotation), "past it they are freed")

        let now = start.addingTimeInterval(15 * 3600)
        let grown = freed.ingest(copy(late), now: now).story
        let expected = kept.ingest(copy(late), now: now).story
        XCTAssertTrue(reports.allSatisfy(\.holdsAnnotation), "the story's new report had them read again")
        XCTAssertEqual(grown.sourceCount, 3)
        assertSameStory(grown, expected)
    }

    /// Every field of two snapshots but the story id (each engine names its stories).
    private func assertSameStory(_ story: StorySnapshot, _ expected: StorySnapshot, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(story.headline, expected.headline, file: file, line: line)
        XCTAssertEqual(story.summary, expected.summary, file: file, line: line)
        XCTAssertEqual(story.topic, expected.topic, file: file, line: line)
        XCTAssertEqual(story.isListed, expected.isListed, file: file, line: line)
        XCTAssertEqual(story.breakdown, expected.breakdown, file: file, line: line)
        XCTAssertEqual(story.sourceCount, expected.sourceCount, file: file, line: line)
        XCTAssertEqual(story.consensus, expected.consensus, file: file, line: line)
        XCTAssertEqual(story.conflict, expected.conflict, file: file, line: line)
        XCTAssertEqual(story.latestArticleAt, expected.latestArticleAt, file: file, line: line)
        XCTAssertEqual(story.breakingArticleIDs, expected.breakingArticleIDs, file: file, line: line)
    }

    /// A story that leaves the feed for going quiet frees its articles' annotations.
    func testAStoryMarkedQuietFreesItsAnnotations() throws {
        let engine = try StoryEngine()
        let report = EngineArticle(id: "q1", sourceName: "Nairobi Wire", sourceKey: "nairobiwire.example",
                                   headline: rateDecision[0].headline, body: rateDecision[0].body,
                                   publishedAt: start, url: "https://nairobiwire.example/q1")
        let id = engine.ingest(report, now: start).story.id
        XCTAssertTrue(report.holdsAnnotation)
        engine.markQuiet([id])
        XCTAssertFalse(report.holdsAnnotation)
    }

    /// A round (what the story worker places at once) composes each story it touched once, at its end:
    /// the stories are those that placing the same articles one at a time leaves, field for field.
    func testARoundGivesTheStoriesThatOneArticleAtATimeGives() throws {
        let now = start.addingTimeInterval(5 * 3600)
        let collapse = [
            article("c1", outlet: "Harbour Herald", minutes: 10, "At least nine killed as apartment block collapses in Mombasa",
                    "At least nine people were killed when a six-storey apartment block collapsed in Mombasa on Monday, "
                        + "the Kenya Red Cross said, as rescuers searched the rubble for survivors."),
            article("c2", outlet: "Coast Daily", minutes: 50, "Mombasa building collapse leaves 12 dead",
                    "Twelve people died when a six-storey apartment block collapsed in Mombasa on Monday, the Kenya Red Cross "
                        + "said, and dozens of residents were feared trapped under the rubble."),
            article("c3", outlet: "Harbour Herald", minutes: 240, "Mombasa collapse death toll rises to 17",
                    "The death toll from the collapse of a six-storey apartment block in Mombasa rose to 17 on Monday evening, "
                        + "the Kenya Red Cross said, as the county ordered an inquiry into the building's approval."),
        ]
        let articles = (rateDecision + collapse).sorted { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
        let single = try StoryEngine()
        var alone: [String: StorySnapshot] = [:]
        var storyOf: [String: String] = [:]
        for article in articles {
            let update = single.ingest(article, now: now)
            alone[update.story.id] = update.story
            storyOf[article.id] = update.story.id
        }
        let batched = try StoryEngine()
        let round = batched.ingest(articles, now: now)
        XCTAssertEqual(round.placements.map(\.articleID), articles.map(\.id))
        var opened = Set<String>()
        XCTAssertEqual(round.placements.map(\.isNewStory), articles.map { opened.insert(storyOf[$0.id]!).inserted })
        XCTAssertEqual(round.stories.count, 2)
        XCTAssertEqual(batched.storyCount, single.storyCount)
        for placement in round.placements {
            let together = try XCTUnwrap(round.stories[placement.storyID])
            let separately = try XCTUnwrap(alone[storyOf[placement.articleID]!])
            assertSameStory(together, separately)
        }
        XCTAssertEqual(round.stories.values.map(\.sourceCount).sorted(), [2, 3])
        XCTAssertEqual(Set(round.placements.map(\.storyID)).count, 2, "two events, two stories")
    }
}
