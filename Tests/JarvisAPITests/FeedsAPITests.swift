import Foundation
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// The feeds endpoints, byte-exact with the app's contract, against a real feed on loopback.
final class FeedsAPITests: XCTestCase {
    private var jarvis: RunningJarvis!
    private var publisher: Publisher!

    override func setUp() async throws {
        jarvis = try await RunningJarvis(environment: ["JARVIS_FEED_FAILING_AFTER": "2", "JARVIS_FEED_DEAD_AFTER": "3"])
        publisher = try Publisher()
    }

    override func tearDown() async throws {
        await jarvis.stop()
        await publisher.stop()
    }

    private func post(_ json: String) throws -> (status: Int, body: String, headers: String) {
        try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", json, jarvis.url + "/feeds"])
    }

    private func feeds() throws -> [AppFeed] {
        let list = try curl([jarvis.url + "/feeds"])
        XCTAssertEqual(list.status, 200)
        return try AppDecoding.decode(AppFeedList.self, from: list.body).data
    }

    private func refresh(_ id: String) throws {
        XCTAssertEqual(try curl(["-X", "POST", jarvis.url + "/feeds/\(id)/refresh"]).status, 202)
    }

    func testNewFeedIsFetchedAtOnceAndItsArticlesCountToday() throws {
        let created = try post(#"{"url":"\#(publisher.feedURL)","name":"Loopback","pollIntervalSeconds":900}"#)
        XCTAssertEqual(created.status, 201, created.body)
        let feed = try AppDecoding.decode(AppFeed.self, from: created.body)
        XCTAssertEqual(feed.health, .active)
        XCTAssertEqual(feed.pollIntervalSeconds, 900)
        XCTAssertTrue(created.body.contains(#""lastFetchedAt":null"#), "nullable keys are present: \(created.body)")
        XCTAssertTrue(try eventually { try self.feeds().first?.articleCountToday == 2 })
        let fetched = try XCTUnwrap(try feeds().first)
        XCTAssertNotNil(fetched.lastFetchedAt)
        XCTAssertEqual(fetched.failureCount, 0)
    }

    func testHealthGoesFailingThenDeadWhenThePublisherStopsAndActiveWhenItReturns() async throws {
        let created = try post(#"{"url":"\#(publisher.feedURL)","name":"Loopback","pollIntervalSeconds":60}"#)
        let id = try AppDecoding.decode(AppFeed.self, from: created.body).id
        XCTAssertTrue(try eventually { try self.feeds().first?.lastFetchedAt != nil })
        await publisher.stop()
        try refresh(id)
        XCTAssertTrue(try eventually { try self.feeds().first?.failureCount == 1 })
        XCTAssertEqual(try feeds().first?.health, .active, "one failure is not yet a pattern")
        try refresh(id)
        XCTAssertTrue(try eventually { try self.feeds().first?.health == .failing })
        try refresh(id)
        XCTAssertTrue(try eventually { try self.feeds().first?.health == .dead })
        XCTAssertEqual(try feeds().first?.failureCount, 3)
        try publisher.restart()
        try refresh(id)
        XCTAssertTrue(try eventually { try self.feeds().first?.health == .active })
        XCTAssertEqual(try feeds().first?.failureCount, 0)
    }

    func testPermanentRedirectUpdatesTheStoredURL() throws {
        let moved = publisher.feedURL.replacingOccurrences(of: "/rss", with: "/moved-rss")
        XCTAssertEqual(try post(#"{"url":"\#(moved)","name":"Moved","pollIntervalSeconds":900}"#).status, 201)
        XCTAssertTrue(try eventually { try self.feeds().first?.url == self.publisher.feedURL })
        XCTAssertEqual(try feeds().first?.articleCountToday, 2)
    }

    func testASlowFeedDoesNotDelayTheOthers() throws {
        let slow = publisher.feedURL.replacingOccurrences(of: "/rss", with: "/slow-rss")
        XCTAssertEqual(try post(#"{"url":"\#(slow)","name":"Slow","pollIntervalSeconds":900}"#).status, 201)
        usleep(300_000)  // the slow fetch is in flight
        XCTAssertEqual(try post(#"{"url":"\#(publisher.feedURL)","name":"Fast","pollIntervalSeconds":900}"#).status, 201)
        XCTAssertTrue(try eventually(3) { try self.feeds().first { $0.name == "Fast" }?.lastFetchedAt != nil })
        XCTAssertNil(try feeds().first { $0.name == "Slow" }?.lastFetchedAt, "the slow fetch is still running")
    }

    /// The server checks input without fetching: the public names below are stored, never fetched or looked up.
    private func useServerWithoutFetching() async throws {
        await jarvis.stop()
        jarvis = try await RunningJarvis(environment: ["JARVIS_FEED_FETCHING": "off"])
    }

    func testBadInputIsRefusedWithClearErrors() async throws {
        try await useServerWithoutFetching()
        let notHTTP = try post(#"{"url":"ftp://example.com/feed","name":"X","pollIntervalSeconds":900}"#)
        XCTAssertEqual(notHTTP.status, 422)
        XCTAssertTrue(notHTTP.body.contains("feed.invalid_url"), notHTTP.body)
        XCTAssertEqual(try post(#"{"url":"https://example.com/feed","name":"   ","pollIntervalSeconds":900}"#).status, 422)
        XCTAssertEqual(try post(#"{"url":"https://example.com/feed","name":"X","pollIntervalSeconds":59}"#).status, 422)
        XCTAssertEqual(try post(#"{"url":"https://example.com/feed","name":"X","pollIntervalSeconds":86401}"#).status, 422)
        XCTAssertEqual(try post(#"{"url":"https://example.com/feed","name":"X","extra":1}"#).status, 422)
        XCTAssertEqual(try post(#"{"url":"https://example.com/feed","name":"a\u0000b"}"#).status, 422, "a NUL no column can store")
        XCTAssertEqual(try post(#"{"url": "#).status, 400)
        XCTAssertEqual(try post(#"{"url":"https://example.com/feed","name":"X"}"#).status, 201)
        let duplicate = try post(#"{"url":"https://example.com/feed","name":"Again","pollIntervalSeconds":900}"#)
        XCTAssertEqual(duplicate.status, 409)
        XCTAssertEqual(duplicate.body, #"{"error":{"code":"feed.duplicate_url","message":"Already subscribed to https://example.com/feed"}}"#)
        for spelling in ["HTTPS://Example.COM/feed", "https://example.com:443/feed", "https://example.com/feed#latest"] {
            let again = try post(#"{"url":"\#(spelling)","name":"Same feed"}"#)
            XCTAssertEqual(again.status, 409, "\(spelling) is the same feed: \(again.body)")
        }
    }

    /// Every bad URL is `feed.invalid_url` and every bad name `feed.invalid_name`, however it is bad.
    func testOneErrorCodePerBadField() async throws {
        try await useServerWithoutFetching()
        for url in ["ftp://example.com/feed", "javascript:alert(1)", "", "https://", "/feed.xml", "example.com/feed",
                    "http://./feed", "http://[0]/feed", "http://news example.com/feed", "http://a\\u0000b/"] {
            let refused = try post(#"{"url":"\#(url)","name":"X"}"#)
            XCTAssertEqual(refused.status, 422, url)
            XCTAssertEqual(try errorCode(refused.body), "feed.invalid_url", url)
        }
        for name in ["", "   ", "\\n\\t", "\\u2028\\u00a0\\u200b"] {
            let refused = try post(#"{"url":"https://example.com/feed","name":"\#(name)"}"#)
            XCTAssertEqual(refused.status, 422, name)
            XCTAssertEqual(try errorCode(refused.body), "feed.invalid_name", name)
        }
    }

    /// The fetcher reads one spelling: a scheme in capitals used to be stored as given and then
    /// failed every fetch as an unsupported URL.
    func testTheStoredURLIsTheNormalizedSpelling() throws {
        let spelled = publisher.feedURL.replacingOccurrences(of: "http://127.0.0.1", with: "HTTP://127.0.0.1") + "#top"
        let created = try post(#"{"url":"\#(spelled)","name":"Shouting"}"#)
        XCTAssertEqual(created.status, 201, created.body)
        XCTAssertEqual(try AppDecoding.decode(AppFeed.self, from: created.body).url, publisher.feedURL)
        XCTAssertTrue(try eventually { try self.feeds().first?.articleCountToday == 2 }, "the feed is fetched")
    }

    /// The password of a private feed is stored and sent to the feed's server only: the API shows
    /// the URL without it (the app, its caches and any proxy never hold the secret).
    func testAPrivateFeedIsFetchedWithItsPasswordWhichTheAPINeverShows() throws {
        let created = try post(#"{"url":"\#(publisher.privateFeedURL)","name":"Members"}"#)
        XCTAssertEqual(created.status, 201, created.body)
        let shown = "http://\(Publisher.privateUser)@127.0.0.1:\(publisher.port)/private-rss"
        XCTAssertEqual(try AppDecoding.decode(AppFeed.self, from: created.body).url, shown)
        XCTAssertTrue(try eventually { try self.feeds().first?.articleCountToday == 2 }, "fetched with the stored password")
        XCTAssertEqual(try feeds().first?.url, shown)
        XCTAssertEqual(try feeds().first?.failureCount, 0)
        let duplicate = try post(#"{"url":"\#(publisher.privateFeedURL)","name":"Again"}"#)
        XCTAssertEqual(duplicate.status, 409)
        for body in [created.body, try curl([jarvis.url + "/feeds"]).body, duplicate.body] {
            XCTAssertFalse(body.contains(Publisher.privatePassword), body)
        }
    }

    func testWithoutItsPasswordThePrivateFeedFails() throws {
        let created = try post(#"{"url":"http://127.0.0.1:\#(publisher.port)/private-rss","name":"No account"}"#)
        XCTAssertEqual(created.status, 201, created.body)
        XCTAssertTrue(try eventually { try self.feeds().first?.failureCount == 1 }, "the publisher answers 401")
        XCTAssertEqual(try feeds().first?.articleCountToday, 0)
    }

    private func errorCode(_ body: String) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }

    func testDeleteAnswers204WithAnEmptyBodyAndUnknownIdsAre404() throws {
        let created = try post(#"{"url":"https://example.com/x","name":"X","pollIntervalSeconds":900}"#)
        let id = try AppDecoding.decode(AppFeed.self, from: created.body).id
        let deleted = try curl(["-X", "DELETE", jarvis.url + "/feeds/\(id)"])
        XCTAssertEqual(deleted.status, 204)
        XCTAssertEqual(deleted.body, "")
        XCTAssertTrue(try feeds().isEmpty)
        let again = try curl(["-X", "DELETE", jarvis.url + "/feeds/\(id)"])
        XCTAssertEqual(again.status, 404)
        XCTAssertTrue(again.body.contains(#""code":"feed.not_found""#))
        XCTAssertEqual(try curl(["-X", "POST", jarvis.url + "/feeds/nope/refresh"]).status, 404)
    }

    func testHealthEndpointDecodesForTheOnboardingCheck() throws {
        _ = try post(#"{"url":"https://example.com/y","name":"Y","pollIntervalSeconds":900}"#)
        let health = try AppDecoding.decode(AppServerHealth.self, from: try curl([jarvis.url + "/health"]).body)
        XCTAssertEqual(health.status, "ok")
        XCTAssertEqual(health.feedsCount, 1)
        XCTAssertEqual(health.storiesCount, 0)
        XCTAssertGreaterThanOrEqual(health.uptime, 0)
    }
}

final class JarvisTokenTests: XCTestCase {
    func testEveryRouteButHealthNeedsTheBearerToken() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_API_TOKEN": "s3cret-token-value"])
        XCTAssertEqual(try curl([jarvis.url + "/health"]).status, 200)
        let refused = try curl([jarvis.url + "/feeds"])
        XCTAssertEqual(refused.status, 401)
        XCTAssertTrue(refused.headers.contains("WWW-Authenticate: Bearer"))
        XCTAssertEqual(try curl(["-H", "Authorization: Bearer wrong", jarvis.url + "/feeds"]).status, 401)
        XCTAssertEqual(try curl(["-H", "Authorization: Bearer s3cret-token-value", jarvis.url + "/feeds"]).status, 200)
        // /metrics behind a proxy on this machine: the API token still opens it, nothing else does.
        let proxied = ["-H", "X-Forwarded-For: 203.0.113.9"]
        XCTAssertEqual(try curl(proxied + ["-H", "Authorization: bearer s3cret-token-value", jarvis.url + "/metrics"]).status, 200)
        XCTAssertEqual(try curl(proxied + [jarvis.url + "/metrics"]).status, 401)
        await jarvis.stop()
    }

    func testAnOpenAPIOnANetworkAddressIsWarnedAbout() {
        XCTAssertNotNil(JarvisService.openAccessWarning(host: "0.0.0.0", token: ""))
        XCTAssertNotNil(JarvisService.openAccessWarning(host: "::", token: ""))
        XCTAssertNil(JarvisService.openAccessWarning(host: "0.0.0.0", token: "s3cret-token-value"), "a token closes it")
        for loopback in ["127.0.0.1", "::1", "localhost"] {
            XCTAssertNil(JarvisService.openAccessWarning(host: loopback, token: ""), "only this machine reaches \(loopback)")
        }
    }
}

/// Jarvis authenticates in middleware, after a body is read, so it reads no body over 64 KiB:
/// an unauthenticated client cannot make it buffer more than that.
final class JarvisBodyLimitTests: XCTestCase {
    func testNoRouteReadsABodyOver64KiB() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_API_TOKEN": "s3cret-token-value"])
        do {
            let connection = try RawConnection(port: jarvis.server.port)
            connection.send("POST /feeds/1/refresh HTTP/1.1\r\nHost: jarvis\r\nContent-Length: 65537\r\n\r\n")
            let refused = connection.readUntilClosed()
            XCTAssertTrue(refused.hasPrefix("HTTP/1.1 413 "), refused)
            XCTAssertTrue(refused.contains("http.body_too_large"), refused)
        }  // closed, so shutdown need not wait out the lingering close
        await jarvis.stop()
    }
}
