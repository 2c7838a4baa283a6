import Foundation
import HTTPServer
import Synchronization
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// An outlet that revises a placed entry in place (same guid, new headline and text) changes its
/// story: its card follows the revised report ("death toll climbs to 11" becomes 15) and an event
/// goes out.
final class ArticleRevisionTests: XCTestCase {
    func testARevisedReportRecomposesItsStoryAndAnnouncesIt() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_WS_PING_SECONDS": "0.5"])
        let protest = try await ProtestToll.reported(to: jarvis)
        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.updated"])
        let detail = try await protest.revise(on: jarvis)
        XCTAssertFalse(detail.detail.summary.contains("Eleven"), detail.body)
        // The revision is the newer word: the other outlet's 11 of the hour before is out of date, not a dispute.
        XCTAssertNil(detail.detail.conflict, detail.body)
        let (announced, log) = socket.finish(within: 10)
        XCTAssertTrue(announced && log.contains(protest.storyID), log)
        await protest.shutdown()
        await jarvis.stop()
    }

    /// A restarted server rebuilds its engine from the database: the revision must still read as of
    /// its time, or the story's next change would read the raised toll as older than the other
    /// outlet's 11 and announce a dispute between them.
    func testARevisionKeepsItsTimeAcrossARestartOnSQLite() async throws {
        try await revisionAcrossARestart(databaseURL: nil)
    }

    func testARevisionKeepsItsTimeAcrossARestartOnPostgres() async throws {
        try await revisionAcrossARestart(databaseURL: makePostgresSchemaURL(prefix: "jarvis_revision"))
    }

    private func revisionAcrossARestart(databaseURL: String?) async throws {
        let first = try await RunningJarvis(databaseURL: databaseURL)
        let protest = try await ProtestToll.reported(to: first)
        _ = try await protest.revise(on: first)
        await first.server.shutdown()
        let second = try await RunningJarvis(databaseURL: first.databaseURL)
        // A third outlet's later report, without a toll, changes the story in the restarted engine.
        let now = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-60))
        let third = try LoopbackSite.start(oneItemFeed(outlet: "Lakeside Courier", guid: "lc-protest", published: now) {
            ("Kenya finance bill protests: crowds return to Nairobi after police fire on protesters",
             "Protesters against the finance bill returned to the streets outside parliament in Nairobi on Tuesday, a day after police fired on crowds, a rights group in Kenya said.")
        })
        _ = try subscribe(second, to: third, name: "Lakeside Courier")
        let client = StoryTestClient(jarvis: second)
        try await client.waitForClustering(articles: 3)
        let placed = try await client.placement(source: "Lakeside Courier", guidOrLink: "lc-protest")
        XCTAssertEqual(placed?.storyID, protest.storyID, "the third report joins the protest story")
        let detail = try client.story(protest.storyID)
        XCTAssertEqual(detail.detail.sourceCount, 3, detail.body)
        XCTAssertTrue(detail.detail.headline.contains("15"), detail.body)
        XCTAssertNil(detail.detail.conflict, detail.body)
        await third.shutdown()
        await protest.shutdown()
        await second.stop()
        await first.stop()
    }
}

/// Two outlets report 11 dead in protests against Kenya's finance bill (a story of the `africa`
/// desk: a story of no desk, such as a disaster, is not listed); the first then revises its
/// report in place to 15.
private final class ProtestToll: Sendable {
    let storyID: String
    let feedID: String
    /// The first outlet's headline and text as its feed serves them now.
    let report: ReportText
    let site: HTTPServer
    let otherSite: HTTPServer

    final class ReportText: Sendable {
        let current: Mutex<(String, String)>
        init(_ headline: String, _ body: String) { current = Mutex((headline, body)) }
    }

    private init(storyID: String, feedID: String, report: ReportText, site: HTTPServer, otherSite: HTTPServer) {
        (self.storyID, self.feedID, self.report, self.site, self.otherSite) = (storyID, feedID, report, site, otherSite)
    }

    static func reported(to jarvis: RunningJarvis) async throws -> ProtestToll {
        let report = ReportText("Kenya finance bill protests: death toll climbs to 11",
                                "Eleven people died when police fired on protesters against the finance bill outside parliament in Nairobi, a rights group said.")
        let published = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-600))
        let site = try LoopbackSite.start(oneItemFeed(outlet: "Orbis Wire", guid: "protest-1", published: published) {
            report.current.withLock { $0 }
        })
        // A second outlet's later report, before the revision: 11 dead.
        let later = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-300))
        let otherSite = try LoopbackSite.start(oneItemFeed(outlet: "FBS News", guid: "fbs-protest", published: later) {
            ("Kenya finance bill protests: death toll climbs to 11",
             "A rights group in Kenya says 11 people are now confirmed dead after police fired on protesters against the finance bill outside parliament in Nairobi.")
        })
        let client = StoryTestClient(jarvis: jarvis)
        let feedID = try subscribe(jarvis, to: site, name: "Orbis Wire")
        _ = try subscribe(jarvis, to: otherSite, name: "FBS News")
        try await client.waitForClustering(articles: 2)
        let stories = try client.allStories()
        XCTAssertEqual(stories.count, 1, "one event")
        let storyID = try XCTUnwrap(stories.first?.id)
        XCTAssertTrue(try client.story(storyID).detail.headline.contains("11"))
        return ProtestToll(storyID: storyID, feedID: feedID, report: report, site: site, otherSite: otherSite)
    }

    /// Revises the first outlet's report to 15 dead and waits until the story's headline says so.
    func revise(on jarvis: RunningJarvis) async throws -> (detail: AppStoryDetail, body: String) {
        report.current.withLock {
            $0 = ("Kenya finance bill protests: toll rises to 15 as more deaths are confirmed",
                  "Fifteen people are now known to have died after police fired on protesters against the finance bill outside parliament in Nairobi.")
        }
        XCTAssertEqual(try curl(["-X", "POST", jarvis.url + "/feeds/\(feedID)/refresh"]).status, 202)
        let client = StoryTestClient(jarvis: jarvis)
        let revised = eventually(StoryTestClient.patienceSeconds) { (try? client.story(storyID).detail.headline.contains("15")) == true }
        let detail = try client.story(storyID)
        XCTAssertTrue(revised, detail.body)
        return detail
    }

    func shutdown() async {
        await site.shutdown()
        await otherSite.shutdown()
    }
}

/// A feed of one outlet with one entry, whose headline and text `entry` gives at each fetch.
private func oneItemFeed(outlet: String, guid: String, published: String,
                         entry: @escaping @Sendable () -> (headline: String, body: String)) -> Router {
    var router = Router()
    router.get("/feed") { _ in
        let (headline, body) = entry()
        return .bytes(Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(outlet)</title><link>http://127.0.0.1/</link>
            <item><guid>\(guid)</guid><title>\(headline)</title><link>http://127.0.0.1/\(guid)</link>
            <pubDate>\(published)</pubDate><description>\(body)</description></item>
            </channel></rss>
            """.utf8), contentType: "application/rss+xml")
    }
    return router
}

/// Subscribes `jarvis` to the feed `site` serves; the new feed's id.
private func subscribe(_ jarvis: RunningJarvis, to site: HTTPServer, name: String) throws -> String {
    let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                            #"{"url":"http://127.0.0.1:\#(site.port)/feed","name":"\#(name)","pollIntervalSeconds":900}"#,
                            jarvis.url + "/feeds"])
    XCTAssertEqual(created.status, 201, created.body)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])
    return try XCTUnwrap(object["id"] as? String)
}
