import Foundation
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `GET /ws` with the Python `websockets` client behaving like the app: pings answered with
/// pongs, and a `feed.health` event pushed when a feed's health changes.
final class LiveUpdatesTests: XCTestCase {
    func testFeedHealthChangeIsPushedToConnectedClients() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_FEED_FAILING_AFTER": "1", "JARVIS_WS_PING_SECONDS": "0.3",
                                                          "JARVIS_API_TOKEN": "live-token-123"])
        let client = try LiveUpdatesClient(port: jarvis.server.port, awaiting: ["feed.health"], token: "live-token-123")

        // A feed nobody answers for: its first fetch fails, and with FAILING_AFTER=1 it turns failing.
        let created = try curl(["-X", "POST", "-H", "Authorization: Bearer live-token-123", "-d",
                                #"{"url":"http://127.0.0.1:9/feed.xml","name":"Unreachable","pollIntervalSeconds":60}"#,
                                jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        let id = try AppDecoding.decode(AppFeed.self, from: created.body).id

        let (succeeded, log) = client.finish(within: 20)
        XCTAssertTrue(succeeded, log)
        // The server's own bytes (the client prints each message as received): the contract's
        // fields, then the event's number, which a reconnecting client hands back.
        let expected = #"\{"type":"feed\.health","feedId":"\#(id)","health":"failing","failureCount":1,"id":[0-9]+\}"#
        XCTAssertNotNil(log.range(of: expected, options: .regularExpression), log)
        XCTAssertTrue(log.contains(#"{"type":"ping"}"#), log)
        await jarvis.stop()
    }

    /// The contract's "ping every 30s" is the default; the test above shows the interval read is
    /// the interval sent, on a shortened one.
    func testThePingComesEvery30SecondsUnlessTheOperatorSetsAnInterval() throws {
        XCTAssertEqual(try LiveUpdatesRoute.pingSeconds(environment: [:]), 30)
        XCTAssertEqual(try LiveUpdatesRoute.pingSeconds(environment: ["JARVIS_WS_PING_SECONDS": "0.3"]), 0.3)
        for bad in ["0", "-1", "soon"] {
            XCTAssertThrowsError(try LiveUpdatesRoute.pingSeconds(environment: ["JARVIS_WS_PING_SECONDS": bad]), bad)
        }
    }

    /// `Bearer my phone token` is no single token (`Request.bearerCredential`): such a setting
    /// would lock every client out, so the server refuses to start and says which variable.
    func testAnAPITokenWithSpacesStopsStartUp() async throws {
        await RunningJarvis.assertRefusesToStart(environment: ["JARVIS_API_TOKEN": "my phone token"], saying: "JARVIS_API_TOKEN")
    }

    func testWebSocketNeedsTheTokenWhenOneIsSet() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_API_TOKEN": "live-token-123"])
        let refused = try curl(["-H", "Upgrade: websocket", "-H", "Connection: Upgrade", "-H", "Sec-WebSocket-Version: 13",
                                "-H", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", jarvis.url + "/ws"])
        XCTAssertEqual(refused.status, 401)
        await jarvis.stop()
    }
}
