import Foundation
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// `GET /ws` with the Python `websockets` client behaving like the app: pings answered with
/// pongs, and a `feed.health` event pushed when a feed's health changes.
final class LiveUpdatesTests: XCTestCase {
    private static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Clients/jarvis_live_updates.py").path

    func testFeedHealthChangeIsPushedToConnectedClients() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_FEED_FAILING_AFTER": "1", "JARVIS_WS_PING_SECONDS": "0.3",
                                                          "JARVIS_API_TOKEN": "live-token-123"])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ws-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        client.arguments = ["python3", Self.client, "ws://127.0.0.1:\(jarvis.server.port)/ws", "feed.health", "live-token-123"]
        client.standardOutput = try FileHandle(forWritingTo: output)
        client.standardError = client.standardOutput
        try client.run()
        XCTAssertTrue(eventually(10) { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("connected") })

        // A feed nobody answers for: its first fetch fails, and with FAILING_AFTER=1 it turns failing.
        let created = try curl(["-X", "POST", "-H", "Authorization: Bearer live-token-123", "-d",
                                #"{"url":"http://127.0.0.1:9/feed.xml","name":"Unreachable","pollIntervalSeconds":60}"#,
                                jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
        let id = try AppDecoding.decode(AppFeed.self, from: created.body).id

        XCTAssertTrue(eventually(20) { !client.isRunning })
        if client.isRunning { client.terminate() }
        client.waitUntilExit()
        let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        XCTAssertEqual(client.terminationStatus, 0, log)
        XCTAssertTrue(log.contains(#"{"type": "feed.health", "feedId": "\#(id)", "health": "failing", "failureCount": 1}"#), log)
        XCTAssertTrue(log.contains(#"{"type": "ping"}"#), log)
        await jarvis.stop()
    }

    func testWebSocketNeedsTheTokenWhenOneIsSet() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_API_TOKEN": "live-token-123"])
        let refused = try curl(["-H", "Upgrade: websocket", "-H", "Connection: Upgrade", "-H", "Sec-WebSocket-Version: 13",
                                "-H", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", jarvis.url + "/ws"])
        XCTAssertEqual(refused.status, 401)
        await jarvis.stop()
    }
}
