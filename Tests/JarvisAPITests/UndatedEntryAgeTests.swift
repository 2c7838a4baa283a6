import Foundation
import HTTPServer
import Synchronization
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// An entry without a date is stamped with the fetch time (the contract's "fall back to now").
/// At a feed's first fetch that stamp says nothing of its age (three reader's audits saw an
/// undated feed's old council item outrank multi-outlet news on freshness), so its story earns
/// no freshness; an undated entry that appears at a later fetch is new since the previous one.
final class UndatedEntryAgeTests: XCTestCase {
    private static func item(_ guid: String, _ title: String, _ description: String, published: Date? = nil) -> String {
        let date = published.map { "<pubDate>\(DateFormatter.rfc822.string(from: $0))</pubDate>" } ?? ""
        return "<item><guid>\(guid)</guid><title>\(title)</title><link>http://127.0.0.1/\(guid)</link>\(date)"
            + "<description>\(description)</description></item>"
    }

    func testAnUndatedBacklogEarnsNoFreshnessWhileALaterUndatedEntryIsFresh() async throws {
        let items = Mutex([
            Self.item("backlog", "Harlow county council approves budget for new jail",
                      "Harlow county council voted 7 to 2 on Monday to fund a new county jail."),
            Self.item("dated", "Central bank of Norway raises key interest rate to 4.75%",
                      "Norges Bank raised its policy rate by a quarter point to 4.75 percent.",
                      published: Date().addingTimeInterval(-600)),
        ])
        var router = Router()
        router.get("/feed") { _ in
            let body = items.withLock { $0.joined() }
            return .bytes(Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0"><channel><title>Harlow Courier</title><link>http://127.0.0.1/</link>\(body)</channel></rss>
                """.utf8), contentType: "application/rss+xml")
        }
        let site = try LoopbackSite.start(router)
        let jarvis = try await RunningJarvis()
        let client = StoryTestClient(jarvis: jarvis)
        let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                                #"{"url":"http://127.0.0.1:\#(site.port)/feed","name":"Harlow Courier","pollIntervalSeconds":900}"#,
                                jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        let feedID = try AppDecoding.decode(AppFeed.self, from: created.body).id
        try await client.waitForClustering(articles: 2)
        let firstFetch = Date()

        items.withLock {
            $0.append(Self.item("later", "Regulator fines Eastwater utility over sewage spills",
                                "The regulator fined Eastwater 2 million pounds for sewage spills into the river Stort."))
        }
        XCTAssertEqual(try curl(["-X", "POST", jarvis.url + "/feeds/\(feedID)/refresh"]).status, 202)
        try await client.waitForClustering(articles: 3)

        func detail(_ guid: String) async throws -> AppStoryDetail {
            let placed = try await client.placement(source: "Harlow Courier", guidOrLink: guid)
            return try client.story(try XCTUnwrap(placed, guid).storyID).detail
        }
        let backlog = try await detail("backlog")
        let dated = try await detail("dated")
        let later = try await detail("later")
        XCTAssertEqual(Set([backlog.id, dated.id, later.id]).count, 3, "three events")
        XCTAssertEqual(backlog.scoreBreakdown.freshness, 0, "of unknown age")
        XCTAssertLessThanOrEqual(abs(try XCTUnwrap(backlog.timeline.first).publishedAt.timeIntervalSince(firstFetch)), 60,
                                 "still stamped with the fetch time, as the contract says")
        XCTAssertFalse(backlog.timeline.contains(where: \.isBreaking))
        XCTAssertEqual(dated.scoreBreakdown.freshness, 20, "ten minutes old")
        XCTAssertEqual(later.scoreBreakdown.freshness, 20, "new since the previous fetch")
        await site.shutdown()
        await jarvis.stop()
    }
}
