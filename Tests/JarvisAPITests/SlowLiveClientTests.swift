import Foundation
import Storage
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// A client of `GET /ws` that stops reading is dropped rather than buffered without bound:
/// events keep coming (here: NOTIFYs on the PostgreSQL channel, as other processes raise them)
/// and the server gives up on it once its unsent output passes the high-water mark.
final class SlowLiveClientTests: XCTestCase {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Clients/jarvis_slow_reader.py").path

    func testAClientThatStopsReadingIsDroppedNotBuffered() async throws {
        let url = try makePostgresSchemaURL(prefix: "jarvis_slow")
        let jarvis = try await RunningJarvis(databaseURL: url)
        addTeardownBlock { await jarvis.stop() }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let go = output.appendingPathExtension("go")
        defer { try? FileManager.default.removeItem(at: go) }
        let log = { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        let reader = try Subprocess(Subprocess.path(of: "python3"), [Self.script, String(jarvis.server.port), go.path],
                                    outputPath: output.path)
        XCTAssertTrue(eventually(10) { log().contains("connected") }, log())

        // About 24 MB of events while the client sleeps: far past what it and the kernel hold.
        let event = #"{"type":"feed.health","feedId":"\#(String(repeating: "f", count: 7_800))","health":"dead","failureCount":1}"#
        let raiser = try Database.open(url: url, poolSize: 1)
        defer { raiser.close() }
        try raiser.writeBlocking { connection in
            for _ in 0 ..< 3_000 { _ = try connection.query("SELECT pg_notify($1, $2)", [.text(LiveEvents.channel), .text(event)]) }
        }
        try await Task.sleep(nanoseconds: 1_000_000_000)  // the listener relays what was raised
        _ = FileManager.default.createFile(atPath: go.path, contents: nil)
        _ = eventually(30) { !reader.isRunning }
        if reader.isRunning { reader.terminate() }
        XCTAssertEqual(reader.waitUntilExit(), 0, log())
        let received = Int(log().split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .max
        XCTAssertGreaterThan(received, 64 << 10, "events did flow before the drop: \(log())")
        XCTAssertLessThan(received, 12 << 20, "far less than the flood arrived: \(log())")
    }
}
