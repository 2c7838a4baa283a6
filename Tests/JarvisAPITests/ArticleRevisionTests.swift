import Foundation
import HTTPServer
import Synchronization
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// An outlet that revises a placed entry in place (same guid, new headline and text) changes its
/// story: a fifteenth reader's audit saw a boat disaster's card stay at "death toll climbs to 11"
/// while the outlet's revised report, in the story's own timeline, said 15; no event went out.
final class ArticleRevisionTests: XCTestCase {
    func testARevisedReportRecomposesItsStoryAndAnnouncesIt() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_WS_PING_SECONDS": "0.5"])
        let report = Mutex(("Uganda boat disaster: death toll climbs to 11",
                            "Eleven people died when an overloaded passenger boat capsized on Lake Victoria near Jinja, police said."))
        let published = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-600))
        var router = Router()
        router.get("/feed") { _ in
            let (headline, body) = report.withLock { $0 }
            return .bytes(Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0"><channel><title>Orbis Wire</title><link>http://127.0.0.1/</link>
                <item><guid>boat-1</guid><title>\(headline)</title><link>http://127.0.0.1/boat-1</link>
                <pubDate>\(published)</pubDate><description>\(body)</description></item>
                </channel></rss>
                """.utf8), contentType: "application/rss+xml")
        }
        let site = try LoopbackSite.start(router)
        // A second outlet's later report, before the revision: 11 dead.
        var other = Router()
        let later = DateFormatter.rfc822.string(from: Date().addingTimeInterval(-300))
        other.get("/feed") { _ in
            .bytes(Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0"><channel><title>FBS News</title><link>http://127.0.0.1/</link>
                <item><guid>fbs-boat</guid><title>Uganda boat disaster: death toll climbs to 11</title><link>http://127.0.0.1/fbs-boat</link>
                <pubDate>\(later)</pubDate><description>Police in Uganda say 11 people are now confirmed dead after a passenger boat capsized on Lake Victoria near Jinja.</description></item>
                </channel></rss>
                """.utf8), contentType: "application/rss+xml")
        }
        let otherSite = try LoopbackSite.start(other)
        let client = StoryTestClient(jarvis: jarvis)
        let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                                #"{"url":"http://127.0.0.1:\#(site.port)/feed","name":"Orbis Wire","pollIntervalSeconds":900}"#,
                                jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        XCTAssertEqual(try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                                 #"{"url":"http://127.0.0.1:\#(otherSite.port)/feed","name":"FBS News","pollIntervalSeconds":900}"#,
                                 jarvis.url + "/feeds"]).status, 201)
        try await client.waitForClustering(articles: 2)
        let stories = try client.allStories()
        XCTAssertEqual(stories.count, 1, "one event")
        let storyID = try XCTUnwrap(stories.first?.id)
        XCTAssertTrue(try client.story(storyID).detail.headline.contains("11"))

        let socket = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["story.updated"])
        report.withLock { $0 = ("Uganda boat disaster: toll rises to 15 as divers recover more bodies",
                                "Fifteen people are now known to have died after a passenger boat capsized on Lake Victoria near Jinja.") }
        let feedID = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])["id"] as? String
        XCTAssertEqual(try curl(["-X", "POST", jarvis.url + "/feeds/\(try XCTUnwrap(feedID))/refresh"]).status, 202)
        let revised = eventually(30) { (try? client.story(storyID).detail.headline.contains("15")) == true }
        let detail = try client.story(storyID)
        XCTAssertTrue(revised, detail.body)
        XCTAssertFalse(detail.detail.summary.contains("Eleven"), detail.body)
        // The revision is the newer word: the other outlet's 11 of the hour before is out of date, not a dispute.
        XCTAssertNil(detail.detail.conflict, detail.body)
        let (announced, log) = socket.finish(within: 10)
        XCTAssertTrue(announced && log.contains(storyID), log)
        await site.shutdown()
        await otherSite.shutdown()
        await jarvis.stop()
    }
}
