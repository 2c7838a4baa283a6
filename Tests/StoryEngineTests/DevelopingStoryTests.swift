import Foundation
import StoryEngine
import StoryEngineFixtures
import XCTest

/// A story that develops after its first reports: an outlet's newer report is what the story is
/// composed from (`StoryMaterial`), so a rising toll reaches the headline and the summary, and an
/// outlet that has not caught up is not a dispute (`SupersededCounts`).
final class DevelopingStoryTests: XCTestCase {
    private func report(_ id: String, _ outlet: String, minutes: Double, _ headline: String, _ body: String) -> EngineArticle {
        KenyaRateDecision.report(id, outlet: outlet, minutes: minutes, headline, body)
    }

    private var collapse: [EngineArticle] {
        [
            report("c1", "Harbour Herald", minutes: 0, "At least nine killed as apartment block collapses in Mombasa",
                   "At least nine people were killed when a six-storey apartment block collapsed in Mombasa on Monday, "
                       + "the Kenya Red Cross said, as rescuers searched the rubble for survivors."),
            report("c2", "Coast Daily", minutes: 40, "Mombasa building collapse leaves 12 dead",
                   "Twelve people died when a six-storey apartment block collapsed in Mombasa on Monday, the Kenya Red Cross "
                       + "said, and dozens of residents were feared trapped under the rubble."),
        ]
    }

    private let followUp = KenyaRateDecision.report(
        "c3", outlet: "Harbour Herald", minutes: 240, "Mombasa collapse death toll rises to 17",
        "The death toll from the collapse of a six-storey apartment block in Mombasa rose to 17 on Monday evening, "
            + "the Kenya Red Cross said, as the county ordered an inquiry into the building's approval.")

    func testAnOutletsNewerReportReachesTheHeadlineAndTheSummaryAsAnUpdate() throws {
        let engine = try StoryEngine()
        let now = KenyaRateDecision.start.addingTimeInterval(5 * 3600)
        let before = collapse.map { engine.ingest($0, now: now) }.last!.story
        XCTAssertFalse(before.summary.contains("17"))

        let after = engine.ingest(followUp, now: now).story
        XCTAssertEqual(after.id, before.id, "the follow-up joins its story")
        XCTAssertEqual(after.sourceCount, 2, "still two outlets")
        XCTAssertTrue(after.summary.contains("17"), after.summary)
        XCTAssertFalse(after.summary.contains("Twelve"), "the Daily's 12 was superseded: \(after.summary)")
        XCTAssertTrue(after.headline.contains("17"), after.headline)
        XCTAssertNil(after.conflict, "the toll rose to 17 after the Daily's 12: an update, not a dispute")
        XCTAssertEqual(after.latestArticleAt, followUp.publishedAt)
    }

    func testTheFirstReportStillTellsWhoBrokeTheStory() throws {
        let engine = try StoryEngine()
        let now = KenyaRateDecision.start.addingTimeInterval(30 * 60)
        let reports = KenyaRateDecision.firstReports + [
            report("a3", "Markets Journal", minutes: 25, "CBK hikes rate to 13 percent", "The Central Bank of Kenya raised its "
                       + "benchmark rate by 50 basis points to 13 percent, Governor Kamau Thugge said in Nairobi."),
            report("a4", "Nairobi Wire", minutes: 29, "Kenya rate rise: what it means for borrowers", "Borrowers in Kenya face "
                       + "higher loan costs after the Central Bank of Kenya raised its benchmark rate to 13 percent, Governor Kamau Thugge said."),
        ]
        let story = reports.map { engine.ingest($0, now: now) }.last!.story
        XCTAssertEqual(story.breakingArticleIDs, ["a1"], "the earliest report of a story gaining outlets fast, not its outlet's newest")
    }
}
