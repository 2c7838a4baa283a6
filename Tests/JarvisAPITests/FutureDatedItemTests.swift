import Foundation
import HTTPServer
import Storage
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// A feed whose item is dated years ahead (a wrong clock or time zone) must not keep its story
/// fresh and in the feed for years: the date counts as the fetch time (plus a little skew).
final class FutureDatedItemTests: XCTestCase {
    func testAnItemDatedInTheFutureIsStoredAsPublishedNow() async throws {
        let jarvis = try await RunningJarvis()
        var router = Router()
        router.get("/feed") { _ in
            .bytes(Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0"><channel><title>Clock Skew Daily</title><link>http://127.0.0.1/</link>
                <item><guid>future-1</guid><title>Parliament passes the finance bill</title><link>http://127.0.0.1/f1</link>
                <pubDate>Tue, 01 Jan 2036 09:00:00 GMT</pubDate><description>The bill passed on a vote of 201 to 150.</description></item>
                </channel></rss>
                """.utf8), contentType: "application/rss+xml")
        }
        let site = try LoopbackSite.start(router)
        let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d",
                                #"{"url":"http://127.0.0.1:\#(site.port)/feed","name":"Clock Skew Daily","pollIntervalSeconds":900}"#,
                                jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        try await StoryTestClient(jarvis: jarvis).waitForClustering(articles: 1)

        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        let published = try await database.read { try $0.queryFirst("SELECT published_at FROM articles", [])!.decode(Date.self, "published_at") }
        database.close()
        XCTAssertLessThanOrEqual(published.timeIntervalSinceNow, FeedDocumentParsing.clockSkewAllowance + 5)
        await site.shutdown()
        await jarvis.stop()
    }
}
