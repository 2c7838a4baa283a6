import Foundation
import HTTPServer
import Synchronization
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// An outlet that revises a placed entry in place (same guid, new headline and text) changes its
/// story: a fifteenth reader's audit saw a boat disaster's card stay at "death toll climbs to 11"
/// while the outlet's revised report, in the story's own timeline, said 15; no event went out.
final class ArticleRevisionTests: XCTestCase {
    func testARevisedReportRecomposesItsStoryAndAnnouncesIt() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_WS_PING_SECONDS": "0.5"])
        let boat = try await BoatDisaster.reported(to: jarvis)
        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.updated"])
        let detail = try await boat.revise(on: jarvis)
        XCTAssertFalse(detail.detail.summary.contains("Eleven"), detail.body)
        // The revision is the newer word: the other outlet's 11 of the hour before is out of date, not a dispute.
        XCTAssertNil(detail.detail.conflict, detail.body)
        let (announced, log) = socket.finish(within: 10)
        XCTAssertTrue(announced && log.contains(boat.storyID), log)
        await boat.shutdown()
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
        let boat = try await BoatDisaster.reported(to: first)
        _ = try await boat.revise(on: first)
        await first.server.shutdown()
        let second = try await RunningJarvis(databaseURL: first.databaseURL)
        // A third outlet's later report, without a toll, changes the story in the restarted engine.
        let now = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-60))
        let third = try LoopbackSite.start(oneItemFeed(outlet: "Lakeside Courier", guid: "lc-boat", published: now) {
            ("Divers resume search after Lake Victoria boat capsizes near Jinja",
             "Police divers resumed the search on Lake Victoria near Jinja on Tuesday after an overloaded passenger boat capsized, Uganda police said.")
        })
        _ = try subscribe(second, to: third, name: "Lakeside Courier")
        let client = StoryTestClient(jarvis: second)
        try await client.waitForClustering(articles: 3)
        let placed = try await client.placement(source: "Lakeside Courier", guidOrLink: "lc-boat")
        XCTAssertEqual(placed?.storyID, boat.storyID, "the third report joins the boat story")
        let detail = try client.story(boat.storyID)
        XCTAssertEqual(detail.detail.sourceCount, 3, detail.body)
        XCTAssertTrue(detail.detail.headline.contains("15"), detail.body)
        XCTAssertNil(detail.detail.conflict, detail.body)
        await third.shutdown()
        await boat.shutdown()
        await second.stop()
        await first.stop()
    }
}

/// Two outlets report a boat disaster with 11 dead; the first then revises its report in place to 15.
private final class BoatDisaster: Sendable {
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

    static func reported(to jarvis: RunningJarvis) async throws -> BoatDisaster {
        let report = ReportText("Uganda boat disaster: death toll climbs to 11",
                                "Eleven people died when an overloaded passenger boat capsized on Lake Victoria near Jinja, police said.")
        let published = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-600))
        let site = try LoopbackSite.start(oneItemFeed(outlet: "Orbis Wire", guid: "boat-1", published: published) {
            report.current.withLock { $0 }
        })
        // A second outlet's later report, before the revision: 11 dead.
        let later = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-300))
        let otherSite = try LoopbackSite.start(oneItemFeed(outlet: "FBS News", guid: "fbs-boat", published: later) {
            ("Uganda boat disaster: death toll climbs to 11",
             "Police in Uganda say 11 people are now confirmed dead after a passenger boat capsized on Lake Victoria near Jinja.")
        })
        let client = StoryTestClient(jarvis: jarvis)
        let feedID = try subscribe(jarvis, to: site, name: "Orbis Wire")
        _ = try subscribe(jarvis, to: otherSite, name: "FBS News")
        try await client.waitForClustering(articles: 2)
        let stories = try client.allStories()
        XCTAssertEqual(stories.count, 1, "one event")
        let storyID = try XCTUnwrap(stories.first?.id)
        XCTAssertTrue(try client.story(storyID).detail.headline.contains("11"))
        return BoatDisaster(storyID: storyID, feedID: feedID, report: report, site: site, otherSite: otherSite)
    }

    /// Revises the first outlet's report to 15 dead and waits until the story's headline says so.
    func revise(on jarvis: RunningJarvis) async throws -> (detail: AppStoryDetail, body: String) {
        report.current.withLock {
            $0 = ("Uganda boat disaster: toll rises to 15 as divers recover more bodies",
                  "Fifteen people are now known to have died after a passenger boat capsized on Lake Victoria near Jinja.")
        }
        XCTAssertEqual(try curl(["-X", "POST", jarvis.url + "/feeds/\(feedID)/refresh"]).status, 202)
        let client = StoryTestClient(jarvis: jarvis)
        let revised = eventually(30) { (try? client.story(storyID).detail.headline.contains("15")) == true }
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
