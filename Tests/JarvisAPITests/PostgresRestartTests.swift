import Foundation
import Synchronization
import TestDatabaseSupport
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// PostgreSQL restarted under two `jarvis` and two `healthlog` processes (the real
/// executables): while it is down, requests that need the database are answered 503 in each
/// API's envelope within a moment; once it is back, every process answers again by itself —
/// Jarvis's LISTEN fan-out and its story-worker lease included — and a WebSocket client that
/// reconnects, to the other process, with the last event id it saw is sent every event raised
/// after it.
final class PostgresRestartTests: XCTestCase {
    private static let password = "restart test password"
    /// Fast enough for the test, slow enough that an answer is more than a refused connection.
    private static let failFastSeconds = 2.0
    private static let recoverSeconds = 15.0

    func testEveryProcessFailsFastWhileDownAndRecoversByItself() async throws {
        let jarvisDatabase = try makePostgresSchemaURL(prefix: "restart_jarvis")
        let healthLogDatabase = try makePostgresSchemaURL(prefix: "restart_healthlog")
        let postgres = try XCTUnwrap(ProcessInfo.processInfo.environment["TEST_POSTGRES_CTL"],
                                     "run under scripts/with-postgres.sh, which sets TEST_POSTGRES_CTL")
        let jarvisEnvironment = RunningJarvis.loopbackFeeds.merging(
            ["JARVIS_WS_PING_SECONDS": "0.5", "JARVIS_FEED_FAILING_AFTER": "1"]) { $1 }
        let jarvis = try (0 ..< 2).map { _ in
            try ServiceProcess("jarvis", arguments: ["--database", jarvisDatabase], environment: jarvisEnvironment)
        }
        let healthLogEnvironment = ["HEALTHLOG_PASSWORD_HASH_COST": "minimal"]
        let created = try Subprocess.run(ServiceProcess.buildDirectory.appendingPathComponent("healthlog").path,
                                         ["user", "create", "--email", "restart@example.com", "--password", Self.password],
                                         environment: ProcessInfo.processInfo.environment.merging(
                                             healthLogEnvironment.merging(["DATABASE_URL": healthLogDatabase]) { $1 }) { $1 })
        XCTAssertEqual(created.status, 0, String(decoding: created.error, as: UTF8.self))
        let healthLog = try (0 ..< 2).map { _ in
            try ServiceProcess("healthlog", arguments: ["--database", healthLogDatabase], environment: healthLogEnvironment)
        }
        let token = try accessToken(healthLog[0])
        // One request per process that needs the database: (url, extra curl arguments).
        let probes: [(name: String, url: String, arguments: [String])] =
            jarvis.enumerated().map { ("jarvis \($0.offset)", $0.element.url + "/stories", []) }
            + healthLog.enumerated().map { ("healthlog \($0.offset)", $0.element.url + "/api/auth/me", ["-H", "Authorization: Bearer \(token)"]) }
        for probe in probes { XCTAssertEqual(try curl(probe.arguments + [probe.url]).status, 200, probe.name) }

        // Observers stay connected to both Jarvis processes throughout; the app leaves and comes back.
        let observers = try jarvis.map { try LiveUpdatesClient(port: $0.port, awaiting: ["never"]) }
        let app = try LiveUpdatesClient(port: jarvis[1].port, awaiting: ["never"])
        let newsroom = try Newsroom()
        // Two outlets of one event: a story before the restart, its update after.
        let event = try XCTUnwrap(newsroom.manifest.events.first { Set($0.items.map(\.file)).count >= 2 })
        let files = Array(Set(event.items.map(\.file))).sorted()
        let outlets = try files.prefix(2).map { file in try XCTUnwrap(newsroom.manifest.outlets.first { $0.file == file }) }
        try subscribe(jarvis[0], to: newsroom, outlets[0])
        XCTAssertTrue(eventually(StoryTestClient.patienceSeconds) { app.events.contains { $0["type"] as? String == "story.created" } },
                      "a story round ran: \(app.log)")
        let lastID = try XCTUnwrap(app.events.compactMap { $0["id"] as? Int }.max(), app.log)
        _ = app.finish(within: 0)
        // Raised while the app is away, before the restart.
        let unreachable = try curl(["-X", "POST", "-d", #"{"url":"http://127.0.0.1:9/feed.xml","name":"Away","pollIntervalSeconds":60}"#,
                                    jarvis[0].url + "/feeds"])
        XCTAssertEqual(unreachable.status, 201, unreachable.body)
        let awayFeed = try AppDecoding.decode(AppFeed.self, from: unreachable.body).id
        XCTAssertTrue(eventually(10) { observers.allSatisfy { $0.feedHealthIDs.contains(awayFeed) } }, observers[0].log)

        // Load on every process across the restart: each answer is 200 or 503, none slow or other.
        let load = Load(urls: probes.map(\.url), bearer: token)
        let stopped = try Subprocess.run(postgres, ["stop"])
        XCTAssertEqual(stopped.status, 0, String(decoding: stopped.error, as: UTF8.self))
        var slowestRefusal = 0.0
        for probe in probes {
            let started = Date()
            let answer = try curl(probe.arguments + ["--max-time", "10", probe.url])
            let elapsed = Date().timeIntervalSince(started)
            slowestRefusal = max(slowestRefusal, elapsed)
            XCTAssertEqual(answer.status, 503, "\(probe.name): \(answer.body)")
            XCTAssertLessThan(elapsed, Self.failFastSeconds, probe.name)
            XCTAssertTrue(answer.body.contains("database.unavailable"), "\(probe.name): \(answer.body)")
            XCTAssertTrue(answer.headers.lowercased().contains("retry-after: 2"), "\(probe.name): \(answer.headers)")
        }

        // Resuming needs the journal: while it cannot be read the server says "try again later".
        let tooEarly = try LiveUpdatesClient(port: jarvis[0].port, awaiting: ["never"], query: "?lastEventId=\(lastID)")
        XCTAssertTrue(eventually(5) { tooEarly.log.contains("closed 1013") }, tooEarly.log)

        let started = try Subprocess.run(postgres, ["start"])
        XCTAssertEqual(started.status, 0, String(decoding: started.error, as: UTF8.self))
        let restartedAt = Date()
        for probe in probes {
            XCTAssertTrue(try eventually(Self.recoverSeconds) { try curl(probe.arguments + [probe.url]).status == 200 },
                          "\(probe.name) answers again by itself")
        }
        let recovery = Date().timeIntervalSince(restartedAt)
        let statuses = load.stop()
        XCTAssertEqual(Set(statuses.keys), [200, 503], "under load: \(statuses)")
        print("PostgreSQL restart: slowest 503 \(String(format: "%.3f", slowestRefusal)) s; every process 200 again "
              + "\(String(format: "%.3f", recovery)) s after PostgreSQL accepted connections; load answers \(statuses)")

        // A story round completes after the restart (the lease holder carried on) and both
        // processes' listeners pass it on.
        let storiesBefore = observers.map { $0.events.filter { ($0["type"] as? String)?.hasPrefix("story.") == true }.count }
        try subscribe(jarvis[1], to: newsroom, outlets[1])
        XCTAssertTrue(eventually(StoryTestClient.patienceSeconds) {
            zip(observers, storiesBefore).allSatisfy { observer, before in
                observer.events.filter { ($0["type"] as? String)?.hasPrefix("story.") == true }.count > before
            }
        }, "story events after the restart reach both processes: \(observers.map(\.log))")

        // The app comes back to the other process with the last id it saw: it is sent every
        // event raised after it — those the observers got — each once, in order.
        let back = try LiveUpdatesClient(port: jarvis[0].port, awaiting: ["never"], query: "?lastEventId=\(lastID)")
        let expected = observers[0].events.compactMap { $0["id"] as? Int }.filter { $0 > lastID }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertTrue(eventually(10) { Array(back.events.compactMap { $0["id"] as? Int }.prefix(expected.count)) == expected },
                      "resumed: \(back.log)\nobserved: \(observers[0].log)")
        XCTAssertTrue(back.feedHealthIDs.contains(awayFeed), back.log)
        for client in observers + [back] { _ = client.finish(within: 0) }
        for process in jarvis + healthLog { XCTAssertEqual(process.terminate(), 0) }
        await newsroom.stop()
    }

    private func subscribe(_ jarvis: ServiceProcess, to newsroom: Newsroom, _ outlet: Newsroom.Manifest.Outlet) throws {
        let body = #"{"url":"\#(newsroom.feedURL(outlet.file))","name":"\#(outlet.name)","pollIntervalSeconds":900}"#
        let created = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", body, jarvis.url + "/feeds"])
        XCTAssertEqual(created.status, 201, created.body)
    }

    /// Logs in as the native app does and returns its bearer token.
    private func accessToken(_ healthLog: ServiceProcess) throws -> String {
        let login = try curl(["-X", "POST", "-H", "Content-Type: application/json", "-A", "HealthLog-iOS/1.0", "-d",
                              #"{"email":"restart@example.com","password":"\#(Self.password)"}"#, healthLog.url + "/api/auth/login"])
        XCTAssertEqual(login.status, 200, login.body)
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(login.body.utf8)) as? [String: Any])
        return try XCTUnwrap((body["data"] as? [String: Any])?["accessToken"] as? String, login.body)
    }
}

/// Requests sent in parallel batches (curl, 32 at a time, 5 s limit each) to every URL until
/// stopped; counts the statuses answered (0: no answer in time).
private final class Load: Sendable {
    private let running = Atomic<Bool>(true)
    private let statuses = Mutex<[Int: Int]>([:])
    private let finished = DispatchSemaphore(value: 0)

    init(urls: [String], bearer: String) {
        // `-o` applies to one URL: each gets its own, so only the status lines are printed.
        let batch = (0 ..< 8).flatMap { _ in urls.flatMap { ["-o", "/dev/null", $0] } }
        let arguments = ["-s", "-w", "%{http_code}\n", "--max-time", "5", "--parallel", "--parallel-max", "32",
                         "-H", "Authorization: Bearer \(bearer)"] + batch
        Thread { [self] in
            while running.load(ordering: .relaxed) {
                guard let result = try? Subprocess.run("/usr/bin/curl", arguments) else { break }
                let codes = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map { Int($0) ?? 0 }
                statuses.withLock { counts in for code in codes { counts[code, default: 0] += 1 } }
            }
            finished.signal()
        }.start()
    }

    /// Stops after the batch under way; the statuses counted.
    func stop() -> [Int: Int] {
        running.store(false, ordering: .relaxed)
        finished.wait()
        return statuses.withLock { $0 }
    }
}
