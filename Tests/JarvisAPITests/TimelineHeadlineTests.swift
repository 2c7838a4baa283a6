import Foundation
import StoryEngineFixtures
import XCTest
@testable import JarvisAPI

/// A tenth reader's audit: timeline rows kept an outlet's name after a dash ("… - Hispaniola
/// Observer") and shouted ("STALLIONS GALLOP PAST MALI"), though the story's headline did neither.
final class TimelineHeadlineTests: XCTestCase {
    func testTimelineRowsLoseTheOutletsNameAndDoNotShout() async throws {
        let database = try makeJarvisSQLite().database
        let reports = KenyaRateDecision.firstReports + [
            KenyaRateDecision.report("a3", outlet: "Nairobi Wire", minutes: 40,
                                     "CENTRAL BANK OF KENYA LIFTS RATE TO 13% - Nairobi Wire",
                                     "The Central Bank of Kenya lifted its benchmark rate to 13 percent, Governor Kamau Thugge "
                                         + "said, citing inflation and the weaker shilling."),
            KenyaRateDecision.report("a4", outlet: "Coast Tribune", minutes: 50,
                                     "RATE SHOCK: Kenya's central bank lifts key rate to 13%",
                                     "Kenya's central bank lifted its key rate to 13 percent, Governor Kamau Thugge said, "
                                         + "as the Monetary Policy Committee moved against inflation."),
        ]
        try await EngineRound.store(reports, in: database)
        let now = KenyaRateDecision.start.addingTimeInterval(3600)
        let round = try EngineRound.place(reports, now: now)
        XCTAssertEqual(round.stories.count, 1, "one event")
        try await EngineRound.commit(round, to: database, now: now)

        let detail = try await StoryReads(database: database).detail(id: try XCTUnwrap(round.stories.keys.first))
        let rows = Dictionary(uniqueKeysWithValues: try XCTUnwrap(detail).timeline.map { ($0.articleId, $0.headline) })
        XCTAssertEqual(rows["a3"], "Central Bank of Kenya lifts rate to 13%")
        XCTAssertEqual(rows["a4"], "Kenya's central bank lifts key rate to 13%", "a shouted kicker labels the report")
        XCTAssertEqual(rows["a1"], reports[0].headline, "a plain headline is shown as written")

        let article = try await StoryReads(database: database).article(id: "a3")
        XCTAssertEqual(article?.headline, "CENTRAL BANK OF KENYA LIFTS RATE TO 13% - Nairobi Wire", "the article keeps the feed's headline")
    }
}
