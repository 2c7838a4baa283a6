import Foundation
import TestHTTPClients
import HTTPServer
@testable import HealthLogAPI
import ServiceRuntime
import XCTest

/// Contract §8 Fix-J: the webhook secret never appears in a log line. Checked on what running
/// servers really write: an in-process server with its access log on (route-level redaction
/// alone, nothing registered with the scrubber), and the `healthlog serve` executable itself.
final class WithingsLogRedactionTests: XCTestCase {
    static let secret = "log-secret-9f8e7d6c5b4a3210"
    static let form = "Content-Type: application/x-www-form-urlencoded"
    static let body = "userid=4242&appli=1&startdate=100&enddate=200"
    /// A wrong guess is no secret of ours, but it is someone's attempt at one: not logged either.
    static let guess = "guess-0011223344556677"

    /// A server whose logger has a fresh redactor with no registered secrets: only the route
    /// declaration can hide the token. Returns its URL and the sink its log lines go to.
    private func startServerWithoutScrubber() async throws -> (url: String, sink: MemoryLogSink) {
        let sink = MemoryLogSink()
        let service = HealthLogService()
        let options = try ServiceOptions.parse(["--port", "0", "--database", try makeDatabaseURL(.sqlite)],
                                               environment: [:], defaults: service.defaults)
        let server = try await ServiceRunner.start(service, options: options,
                                                   environment: [WithingsWebhookSettings.secretVariable: Self.secret,
                                                                 "HEALTHLOG_PASSWORD_HASH_COST": "minimal"],
                                                   logger: Logger(minimumLevel: .info, redactor: LogRedactor(), sink: sink))
        addTeardownBlock { await server.shutdown() }
        return ("http://127.0.0.1:\(server.port)", sink)
    }

    func testAccessLogRedactsThePathTokenAndTheLegacyQueryWithoutTheScrubber() async throws {
        let (url, sink) = try await startServerWithoutScrubber()
        try exerciseWebhook(url)
        let lines = try await requestLines(in: sink, count: 5)
        assertNothingSecret(in: lines)
        XCTAssertEqual(lines.filter { $0.contains(#""path":"/api/withings/webhook/[REDACTED]""#) }.count, 3, lines.joined())
        XCTAssertEqual(lines.filter { $0.contains(#""path":"/api/withings/webhook?secret=[REDACTED]""#) }.count, 2, lines.joined())
    }

    /// The OAuth callback's one-time `code` and `state` are credentials too: masked by name.
    func testTheOAuthCallbackCodeAndStateAreMasked() async throws {
        let (url, sink) = try await startServerWithoutScrubber()
        let code = "oauth-code-5a4b3c2d1e", state = "oauth-state-9z8y7x6w5v"
        _ = try http("GET", url + "/api/withings/callback?code=\(code)&state=\(state)")
        let lines = try await requestLines(in: sink, count: 1)
        XCTAssertTrue(lines.contains { $0.contains("code=[REDACTED]&state=[REDACTED]") }, lines.joined())
        for logged in lines {
            XCTAssertFalse(logged.contains(code) || logged.contains(state), "OAuth value logged: \(logged)")
        }
    }

    /// The secret must stay out of the access log however the path is spelled and whatever the
    /// outcome: a doubled slash or dot segment (routed, or not), a method the route does not
    /// take (405), trailing segments (404), percent-encoding. Each line is captured as the
    /// server writes it, with nothing registered with the scrubber.
    func testTheSecretIsMaskedForAnyMethodAndAnySpellingOfThePath() async throws {
        let (url, sink) = try await startServerWithoutScrubber()
        let encoded = Self.secret.replacingOccurrences(of: "-", with: "%2D")
        let cases: [(method: String, path: String, status: Int)] = [
            ("POST", "//api/withings/webhook/\(Self.secret)", 200),
            ("POST", "/api//withings/webhook/\(Self.secret)", 200),
            ("GET", "/api/withings/webhook/\(Self.secret)", 405),
            ("DELETE", "//api/withings/webhook/\(Self.secret)", 405),
            ("POST", "/api/withings/./webhook/\(Self.secret)", 404),
            ("POST", "/api/withings/webhook/x/../\(Self.secret)", 404),
            ("POST", "/api/withings/webhook/\(Self.secret)/extra", 404),
            ("POST", "/api/withings/webhook/\(encoded)", 200),
            ("POST", "/api/withings/webhook/\(Self.guess)", 401),
        ]
        for (method, path, status) in cases {
            XCTAssertEqual(try Self.asIs(method, url + path, body: Self.body), status, "\(method) \(path)")
        }
        let lines = try await requestLines(in: sink, count: cases.count)
        assertNothingSecret(in: lines)
        for logged in lines { XCTAssertFalse(logged.contains(encoded), "percent-encoded secret logged: \(logged)") }
        XCTAssertEqual(lines.filter { $0.contains("[REDACTED]") }.count, cases.count, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains(#""path":"//api/withings/webhook/[REDACTED]""#) }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains(#""method":"GET""#) && $0.contains(#""path":"/api/withings/webhook/[REDACTED]""#) })
    }

    /// Sends the path exactly as written (curl would otherwise resolve `.` and `..` itself).
    private static func asIs(_ method: String, _ url: String, body: String) throws -> Int {
        let result = try Subprocess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--path-as-is",
                                                          "-X", method, "-H", form, "--data-binary", body, url])
        return Int(String(decoding: result.output, as: UTF8.self)) ?? 0
    }

    func testTheServeExecutableNeverPrintsTheSecret() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment[WithingsWebhookSettings.secretVariable] = Self.secret
        environment["HEALTHLOG_PASSWORD_HASH_COST"] = "minimal"
        environment["LOG_LEVEL"] = "debug"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("withings-serve-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = try Subprocess(try Self.executable().path, ["serve", "--port", "0", "--database", try makeDatabaseURL(.sqlite)],
                                     environment: environment, outputPath: output.path)
        addTeardownBlock { if process.isRunning { process.terminate() } }
        func readLog() -> String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        let deadline = Date().addingTimeInterval(30)
        while !readLog().contains(#""msg":"listening""#), process.isRunning, Date() < deadline { usleep(20_000) }
        let listening = try XCTUnwrap(readLog().split(separator: "\n").first { $0.contains(#""msg":"listening""#) }, readLog())
        let port = try XCTUnwrap(listening.firstMatch(of: /"port":(\d+)/)?.1, String(listening))
        try exerciseWebhook("http://127.0.0.1:\(port)")
        process.terminate()
        process.waitUntilExit()
        let text = readLog()
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(#""msg":"request""#) }.count, 5, text)
        assertNothingSecret(in: lines)
    }

    /// Three path-form calls (POST, HEAD, a wrong guess) and two legacy calls (right and wrong secret).
    private func exerciseWebhook(_ url: String) throws {
        XCTAssertEqual(try http("POST", url + "/api/withings/webhook/\(Self.secret)", headers: [Self.form], body: Self.body).status, 200)
        XCTAssertEqual(try head(url + "/api/withings/webhook/\(Self.secret)"), 200)
        XCTAssertEqual(try http("POST", url + "/api/withings/webhook/\(Self.guess)", headers: [Self.form], body: Self.body).status, 401)
        XCTAssertEqual(try http("POST", url + "/api/withings/webhook?secret=\(Self.secret)", headers: [Self.form], body: Self.body).status, 200)
        XCTAssertEqual(try http("POST", url + "/api/withings/webhook?secret=\(Self.guess)", headers: [Self.form], body: Self.body).status, 401)
    }

    private func assertNothingSecret(in lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(lines.isEmpty, file: file, line: line)
        for logged in lines {
            XCTAssertFalse(logged.contains(Self.secret), "secret logged: \(logged)", file: file, line: line)
            XCTAssertFalse(logged.contains(Self.guess), "guessed token logged: \(logged)", file: file, line: line)
        }
    }

    /// The access-log lines, once `count` have been flushed (the loops hand logs over in batches).
    private func requestLines(in sink: MemoryLogSink, count: Int) async throws -> [String] {
        _ = try await eventually { sink.contents.filter { $0.contains(#""msg":"request""#) }.count >= count }
        return sink.contents.filter { $0.contains(#""msg":"request""#) }
    }

    struct MissingExecutable: Error, CustomStringConvertible {
        let path: String
        var description: String { "healthlog is not built next to the tests (\(path)): run swift build --build-tests" }
    }

    private static func executable() throws -> URL {
        let testBundle = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL ?? Bundle.main.executableURL
        let executable = try XCTUnwrap(testBundle).deletingLastPathComponent().appendingPathComponent("healthlog")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw MissingExecutable(path: executable.path)
        }
        return executable
    }
}
