import Foundation
import TestHTTPClients
import XCTest

/// The Python `websockets` client (Tests/Clients/jarvis_live_updates.py) behaving like the
/// app on `GET /ws`: answers pings, and exits 0 once it has seen every awaited event type.
final class LiveUpdatesClient {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Clients/jarvis_live_updates.py").path
    private let process: Subprocess
    private let output: URL

    /// `query` is appended to `/ws` (`?lastEventId=N`); `lastEventIDHeader` is sent as `Last-Event-ID`.
    init(port: Int, awaiting types: [String], token: String? = nil, query: String = "", lastEventIDHeader: String? = nil) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("ws-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process = try Subprocess(Subprocess.path(of: "python3"),
                                 [Self.script, "ws://127.0.0.1:\(port)/ws\(query)", types.joined(separator: ",")] + (token.map { [$0] } ?? []),
                                 environment: lastEventIDHeader.map { ProcessInfo.processInfo.environment.merging(["LAST_EVENT_ID": $0]) { $1 } },
                                 outputPath: output.path)
        XCTAssertTrue(eventually(10) { log.contains("connected") }, "the WebSocket client did not connect: \(log)")
    }

    /// A client a test never finished (it failed first, or only watched) leaves nothing behind.
    deinit {
        if process.isRunning {
            process.terminate()
            _ = process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: output)
    }

    var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// The JSON messages received so far, decoded.
    var messages: [[String: Any]] {
        log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Waits for the client to finish: whether it saw everything it awaited, and all it printed.
    func finish(within seconds: Double) -> (succeeded: Bool, log: String) {
        _ = eventually(seconds) { !process.isRunning }
        if process.isRunning { process.terminate() }
        let status = process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: output) }
        return (status == 0, log)
    }
}

extension LiveUpdatesClient {
    /// The events received so far (pings left out), in order.
    var events: [[String: Any]] { messages.filter { $0["type"] as? String != "ping" } }

    /// The `feedId`s of the `feed.health` events received so far, in order.
    var feedHealthIDs: [String] { events.compactMap { $0["type"] as? String == "feed.health" ? $0["feedId"] as? String : nil } }
}
