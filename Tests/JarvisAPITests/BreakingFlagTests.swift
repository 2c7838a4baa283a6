import Foundation
import HTTPServer
import Storage
import StoryEngine
import StoryEngineFixtures
import XCTest
@testable import JarvisAPI

/// `isBreaking` "when the feed marks it": also for a follow-up of an outlet already in the
/// story that the engine's composed sample (each outlet's first and newest report) leaves out.
final class BreakingFlagTests: XCTestCase {
    private let start = KenyaRateDecision.start

    func testALaterReportItsFeedFlagsIsBreakingAlthoughTheSampleLeavesItOut() async throws {
        let database = try makeJarvisSQLite().database
        let reports = KenyaRateDecision.firstReports + [
            KenyaRateDecision.report("a3", outlet: "Nairobi Wire", minutes: 90,
                                     "BREAKING: Kenya's central bank governor defends the 13% rate",
                                     "Governor Kamau Thugge said the Central Bank of Kenya would keep the benchmark rate at 13 percent "
                                         + "until inflation eases, after Tuesday's 50 basis point rise.", flagged: true),
            KenyaRateDecision.report("a4", outlet: "Nairobi Wire", minutes: 120,
                                     "Kenya's central bank holds line on 13% rate as shilling steadies",
                                     "The Central Bank of Kenya's 13 percent benchmark rate will stay until inflation eases, "
                                         + "Governor Kamau Thugge said, as the shilling steadied after Tuesday's rise."),
        ]
        try await EngineRound.store(reports, in: database)
        let now = start.addingTimeInterval(3 * 3600)
        let round = try EngineRound.place(reports, now: now)
        XCTAssertEqual(round.stories.count, 1, "one event")
        XCTAssertFalse(round.stories.values.first!.snapshot.breakingArticleIDs.contains("a3"), "neither the outlet's first report nor its newest")
        try await EngineRound.commit(round, to: database, now: now)
        let flagged = try await database.read { connection in
            try connection.query("SELECT id FROM articles WHERE is_breaking = 1 ORDER BY id", []).map { try $0.decode(String.self, "id") }
        }
        XCTAssertEqual(flagged, ["a3"])
        let detail = try await StoryReads(database: database).detail(id: try XCTUnwrap(round.stories.keys.first))
        let entry = try XCTUnwrap(detail?.timeline.first { $0.articleId == "a3" })
        XCTAssertEqual(entry.headline, "Kenya's central bank governor defends the 13% rate", "the badge, not the label, says breaking")
        XCTAssertTrue(entry.isBreaking)
    }
}
