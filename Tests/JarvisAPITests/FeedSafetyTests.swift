import Foundation
import HTTPServer
import Storage
import Synchronization
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// What a feed URL may reach and keep, over HTTP against real servers on loopback: internal
/// destinations are refused, a private feed's password stays in the subscription, and a fetch
/// ends at its deadline without a second one starting beside it.
final class FeedSafetyTests: XCTestCase {
    private static let account = (user: "reader", password: "s3cret-feed-pass")

    /// Requests the site answered, and the most it held open at once.
    private final class Visits: Sendable {
        let started = Atomic<Int>(0)
        let open = Atomic<Int>(0)
        let peak = Atomic<Int>(0)

        func enter() {
            started.add(1, ordering: .relaxed)
            let now = open.add(1, ordering: .relaxed).newValue
            var seen = peak.load(ordering: .relaxed)
            while now > seen, !peak.compareExchange(expected: seen, desired: now, ordering: .relaxed).exchanged {
                seen = peak.load(ordering: .relaxed)
            }
        }

        func leave() { open.subtract(1, ordering: .relaxed) }
    }

    private static let membersRSS = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Members</title>
        <item><guid>m-1</guid><title>Members meeting moved to Friday</title><description>The meeting moved.</description>
        <pubDate>Mon, 30 Nov 2026 08:00:00 GMT</pubDate></item>
        <item><guid>m-2</guid><title>Annual report published for members</title><link>/reports/2026</link>
        <description>The report is out.</description><pubDate>Mon, 30 Nov 2026 09:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    private func site(_ visits: Visits) throws -> HTTPServer {
        var router = Router()
        router.get("/rss") { _ in
            visits.enter()
            defer { visits.leave() }
            return .bytes(Array(Publisher.rss.utf8), contentType: "application/rss+xml")
        }
        router.get("/members") { request in
            let expected = "Basic " + Data("\(Self.account.user):\(Self.account.password)".utf8).base64EncodedString()
            guard request.headers["Authorization"] == expected else { return Response(status: 401) }
            return .bytes(Array(Self.membersRSS.utf8), contentType: "application/rss+xml")
        }
        router.get("/trickle") { _ in
            visits.enter()
            return Response(status: 200, headers: ["Content-Type": "application/rss+xml"], body: .stream { writer in
                defer { visits.leave() }
                for byte in Publisher.rss.utf8 {
                    try await writer.write([byte])
                    try await Task.sleep(nanoseconds: 500_000_000)
                }
            })
        }
        return try LoopbackSite.start(router)
    }

    private func post(_ jarvis: RunningJarvis, url: String) throws -> (status: Int, body: String, headers: String) {
        try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"url":"\#(url)","name":"Feed"}"#, jarvis.url + "/feeds"])
    }

    func testInternalDestinationsAreRefusedWith422InTheEnvelope() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_FEED_ALLOW_NETWORKS": ""])
        let visits = Visits()
        let server = try site(visits)
        let port = server.port
        for url in ["http://127.0.0.1:\(port)/rss", "http://localhost:\(port)/rss", "http://LOCALHOST.:\(port)/rss",
                    "http://2130706433:\(port)/rss", "http://0x7f.1:\(port)/rss", "http://[::1]:\(port)/rss",
                    "http://[::ffff:127.0.0.1]:\(port)/rss", "http://[::127.0.0.1]:\(port)/rss", "http://[2002:7f00:1::]/rss",
                    "http://169.254.169.254/latest/meta-data/", "http://[fd00::1]/feed", "http://10.0.0.1/feed",
                    "http://100.64.0.1/feed", "http://\(Self.account.user):\(Self.account.password)@127.0.0.1:\(port)/members"] {
            let refused = try post(jarvis, url: url)
            XCTAssertEqual(refused.status, 422, "\(url): \(refused.body)")
            let error = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any])?["error"]
                as? [String: Any], refused.body)
            XCTAssertEqual(error["code"] as? String, "feed.internal_address", url)
            XCTAssertEqual((error["details"] as? [String: Any])?["path"] as? String, "url", refused.body)
            XCTAssertFalse(refused.body.contains(Self.account.password), refused.body)
        }
        let one = try post(jarvis, url: "http://127.0.0.1:\(port)/rss")
        XCTAssertTrue(one.body.contains(#""message":"Validation failed: url: 127.0.0.1 is 127.0.0.1, an address in the server's own "#
            + #"network (the operator can allow its network with JARVIS_FEED_ALLOW_NETWORKS)""#), one.body)
        XCTAssertEqual(try curl([jarvis.url + "/feeds"]).body, #"{"data":[]}"#)
        XCTAssertEqual(visits.started.load(ordering: .relaxed), 0, "nothing reached the internal site")
        await jarvis.stop()
        await server.shutdown()
    }

    func testAMalformedAllowListStopsStartUp() async {
        for bad in ["127.0.0.0/33", "localhost", "10.0.0.0/8;::1"] {
            await RunningJarvis.assertRefusesToStart(environment: ["JARVIS_FEED_ALLOW_NETWORKS": bad],
                                                     saying: "JARVIS_FEED_ALLOW_NETWORKS must be comma-separated networks")
        }
    }

    /// An entry without a link used to get the feed's URL, account and all, as its source URL;
    /// a relative link took the account from the feed's URL too.
    func testAPrivateFeedsPasswordNeverReachesItsArticles() async throws {
        // The entries' fixed dates stay fresh enough to be listed.
        let jarvis = try await RunningJarvis(environment: ["JARVIS_STORY_STALE_SECONDS": "1000000000"])
        let server = try site(Visits())
        let port = server.port
        let created = try post(jarvis, url: "http://\(Self.account.user):\(Self.account.password)@127.0.0.1:\(port)/members")
        XCTAssertEqual(created.status, 201, created.body)
        try await StoryTestClient(jarvis: jarvis).waitForClustering(articles: 2)
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        let ids = try await database.read { try $0.query("SELECT id FROM articles ORDER BY published_at", []).map { try $0.decode(String.self, "id") } }
        database.close()
        var sourceURLs: [String] = []
        for id in ids {
            let article = try curl([jarvis.url + "/articles/\(id)"])
            XCTAssertEqual(article.status, 200, article.body)
            XCTAssertFalse(article.body.contains(Self.account.password), article.body)
            sourceURLs.append(try AppDecoding.decode(AppArticle.self, from: article.body).sourceUrl)
        }
        XCTAssertEqual(sourceURLs, ["http://127.0.0.1:\(port)/members", "http://127.0.0.1:\(port)/reports/2026"])
        let stories = try curl([jarvis.url + "/stories"])
        XCTAssertTrue(stories.body.contains("127.0.0.1:\(port)"), stories.body)
        XCTAssertFalse(stories.body.contains(Self.account.password), stories.body)
        XCTAssertFalse(stories.body.contains("\(Self.account.user)@"), stories.body)
        await jarvis.stop()
        await server.shutdown()
    }

    func testMigrationTwelveDropsStoredAccountsOnSQLite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jarvis-m12-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Database.open(url: directory.appendingPathComponent("j.sqlite").path, poolSize: 1)
        defer { database.close() }
        try migrationTwelveDropsStoredAccounts(database)
    }

    func testMigrationTwelveDropsStoredAccountsOnPostgres() throws {
        let database = try Database.open(url: try makePostgresSchemaURL(prefix: "jarvis_m12"), poolSize: 1)
        defer { database.close() }
        try migrationTwelveDropsStoredAccounts(database)
    }

    private func migrationTwelveDropsStoredAccounts(_ database: Database) throws {
        _ = try database.migrateBlocking(JarvisMigrations.all.filter { $0.version < 12 })
        let rows: [(stored: String, image: String?, cleaned: String, cleanedImage: String?)] = [
            ("http://reader:s3cret@news.example/feed", "https://reader:s3cret@news.example/i.png",
             "http://news.example/feed", "https://news.example/i.png"),
            ("https://reader@news.example:8443/a/1?x=1", nil, "https://news.example:8443/a/1?x=1", nil),
            ("https://news.example/people/@someone", nil, "https://news.example/people/@someone", nil),
            ("https://news.example?mail=a@b.example", nil, "https://news.example?mail=a@b.example", nil),
            ("https://news.example/plain", nil, "https://news.example/plain", nil),
        ]
        try database.writeBlocking { connection in
            for (index, row) in rows.enumerated() {
                try connection.execute("""
                    INSERT INTO articles (id, dedup_key, source, source_key, source_url, image_url, outlet_link, headline, body,
                        published_at, first_seen_at, updated_at, content_hash)
                    VALUES ($1, $1, 'S', 'news.example', $2, $3, $2, 'H', 'B', 1, 1, 1, $1)
                    """, [.text("a\(index)"), .text(row.stored), row.image.map { .text($0) } ?? .null])
            }
        }
        _ = try database.migrateBlocking(JarvisMigrations.all)
        let stored = try database.readBlocking { connection in
            try connection.query("SELECT source_url, image_url, outlet_link FROM articles ORDER BY id", []).map {
                (try $0.decode(String.self, "source_url"), try $0.decode(String?.self, "image_url"), try $0.decode(String.self, "outlet_link"))
            }
        }
        XCTAssertEqual(stored.map(\.0), rows.map(\.cleaned))
        XCTAssertEqual(stored.map(\.1), rows.map(\.cleanedImage))
        XCTAssertEqual(stored.map(\.2), rows.map(\.cleaned))
    }

    /// A publisher trickling a byte every half second used to hold the fetch until the whole
    /// document arrived and be stored as a success, and a refresh meanwhile started a second
    /// fetch of the same feed beside it.
    func testAFetchEndsAtItsDeadlineAndNoSecondFetchStartsBesideIt() async throws {
        let jarvis = try await RunningJarvis(environment: Self.shortDeadline)
        try await fetchEndsAtItsDeadlineAlone(subscribeOn: jarvis, refreshOn: jarvis)
        await jarvis.stop()
    }

    /// Two processes on one PostgreSQL database: a refresh through the second does not let it
    /// claim the feed the first is fetching.
    func testNoProcessClaimsAFeedAnotherIsFetchingOnPostgres() async throws {
        let schema = try makePostgresSchemaURL(prefix: "jarvis_claims")
        let first = try await RunningJarvis(environment: Self.shortDeadline, databaseURL: schema)
        let second = try await RunningJarvis(environment: Self.shortDeadline, databaseURL: schema)
        try await fetchEndsAtItsDeadlineAlone(subscribeOn: first, refreshOn: second)
        await first.stop()
        await second.stop()
    }

    private static let shortDeadline = ["JARVIS_FEED_FETCH_DEADLINE_SECONDS": "3"]

    private func fetchEndsAtItsDeadlineAlone(subscribeOn jarvis: RunningJarvis, refreshOn other: RunningJarvis) async throws {
        let visits = Visits()
        let server = try site(visits)
        let created = try post(jarvis, url: "http://127.0.0.1:\(server.port)/trickle")
        XCTAssertEqual(created.status, 201, created.body)
        let id = try AppDecoding.decode(AppFeed.self, from: created.body).id
        XCTAssertTrue(eventually(5) { visits.started.load(ordering: .relaxed) == 1 })
        for _ in 0..<2 {
            XCTAssertEqual(try curl(["-X", "POST", other.url + "/feeds/\(id)/refresh"]).status, 202)
            usleep(300_000)
        }
        let database = try Database.open(url: jarvis.databaseURL, poolSize: 1)
        defer { database.close() }
        let failed = try eventually(6) {
            try database.readBlocking { try $0.queryFirst("SELECT failure_count FROM feeds", [])!.decode(Int.self, "failure_count") } == 1
        }
        XCTAssertTrue(failed, "the fetch was recorded as failed at its deadline")
        let lastError = try database.readBlocking { try $0.queryFirst("SELECT last_error FROM feeds", [])!.decode(String?.self, "last_error") }
        XCTAssertEqual(lastError, "took longer than 3 s, the most one fetch may take (http://127.0.0.1:\(server.port)/trickle)")
        XCTAssertEqual(visits.peak.load(ordering: .relaxed), 1, "one fetch of the feed at a time")
        XCTAssertEqual(visits.started.load(ordering: .relaxed), 1)
        await server.shutdown()
    }
}
