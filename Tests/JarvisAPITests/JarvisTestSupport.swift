import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime
import Synchronization
import TestHTTPClients
import XCTest
@testable import JarvisAPI

/// A Jarvis server started in-process on a free port, with its own SQLite file.
final class RunningJarvis: Sendable {
    let server: HTTPServer
    let directory: URL
    var url: String { "http://127.0.0.1:\(server.port)" }

    /// The SQLite file, or the PostgreSQL URL the server was given.
    let databaseURL: String

    /// The loopback networks the tests' feed servers live on, which a server fetches from only
    /// when the operator allows them; a test's own `JARVIS_FEED_ALLOW_NETWORKS` replaces it.
    static let loopbackFeeds = ["JARVIS_FEED_ALLOW_NETWORKS": "127.0.0.0/8,::1/128"]

    /// On a fresh SQLite file unless `databaseURL` (a shared PostgreSQL schema) is given; `clock` is the
    /// time the server goes by.
    init(environment: [String: String] = [:], databaseURL: String? = nil,
         clock: @escaping @Sendable () -> Date = { Date() }) async throws {
        let environment = Self.loopbackFeeds.merging(environment) { _, own in own }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("jarvis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.databaseURL = databaseURL ?? directory.appendingPathComponent("j.sqlite").path
        let options = try ServiceOptions.parse(["--port", "0", "--database", self.databaseURL,
                                                "--no-access-log"], environment: [:], defaults: JarvisService().defaults)
        do {
            server = try await ServiceRunner.start(JarvisService(clock: clock), options: options, environment: environment,
                                                   logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
            ExchangeChecks.register(port: server.port, JarvisPublishedContract.check)
        } catch {
            // A server refused at start-up (a test of a bad setting) leaves no directory behind.
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    func stop() async {
        ExchangeChecks.unregister(port: server.port)
        await server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Asserts that a server with `environment` refuses to start, with an error containing `message`.
    static func assertRefusesToStart(environment: [String: String], saying message: String,
                                     file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let jarvis = try await RunningJarvis(environment: environment)
            await jarvis.stop()
            XCTFail("started with \(environment)", file: file, line: line)
        } catch {
            XCTAssertTrue(String(describing: error).contains(message), "\(error)", file: file, line: line)
        }
    }

    /// A test that failed before `stop()` still leaves no database file in the temporary directory.
    deinit { try? FileManager.default.removeItem(at: directory) }
}

/// A news site on loopback: serves an RSS document until told to stop, and can come back on
/// the same port — what a feed's health is about.
final class Publisher: Sendable {
    private let current = Mutex<HTTPServer?>(nil)
    let port: Int
    var feedURL: String { "http://127.0.0.1:\(port)/rss" }

    /// The account `/private-rss` asks for with HTTP Basic authentication.
    static let privateUser = "reader"
    static let privatePassword = "s3cret-feed-pass"
    /// The private feed with its account in the URL, as a subscriber pastes it.
    var privateFeedURL: String { "http://\(Self.privateUser):\(Self.privatePassword)@127.0.0.1:\(port)/private-rss" }

    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Loopback News</title><link>http://127.0.0.1/</link>
        <item><guid>story-1</guid><title>Central bank holds rates</title><link>http://127.0.0.1/a/1</link>
        <description><![CDATA[<p>The bank <b>held</b> rates.</p><p>Markets rose.</p>]]></description>
        <pubDate>Mon, 30 Nov 2026 08:00:00 GMT</pubDate></item>
        <item><guid>story-2</guid><title>New phone launched</title><link>http://127.0.0.1/a/2</link>
        <description>A phone &amp; a watch.</description><pubDate>Mon, 30 Nov 2026 09:30:00 +0100</pubDate></item>
        </channel></rss>
        """

    init() throws {
        let first = try Self.start(port: 0)
        port = first.port
        current.withLock { $0 = first }
    }

    func stop() async {
        if let server = current.withLock({ $0.take() }) { await server.shutdown() }
    }

    func restart() throws {
        let server = try Self.start(port: port)
        current.withLock { $0 = server }
    }

    private static func start(port: Int) throws -> HTTPServer {
        var router = Router()
        router.get("/rss") { _ in .bytes(Array(rss.utf8), contentType: "application/rss+xml; charset=utf-8") }
        router.get("/moved-rss") { _ in Response(status: 301, headers: ["Location": "/rss"]) }
        router.get("/private-rss") { request in
            guard request.headers["Authorization"] == "Basic " + Data("\(privateUser):\(privatePassword)".utf8).base64EncodedString() else {
                return Response(status: 401, headers: ["WWW-Authenticate": #"Basic realm="subscribers""#])
            }
            return .bytes(Array(rss.utf8), contentType: "application/rss+xml; charset=utf-8")
        }
        router.get("/slow-rss") { _ in
            try await Task.sleep(nanoseconds: 6_000_000_000)
            return .bytes(Array(rss.utf8), contentType: "application/rss+xml; charset=utf-8")
        }
        return try LoopbackSite.start(router, port: port)
    }
}


/// A web site on loopback for the server under test to fetch from.
enum LoopbackSite {
    static func start(_ router: Router, port: Int = 0) throws -> HTTPServer {
        var configuration = ServerConfiguration()
        configuration.port = port
        configuration.eventLoops = 1
        configuration.shutdownGracePeriod = 1
        let server = try HTTPServer(configuration: configuration, router: router, logger: Logger(sink: MemoryLogSink()), accessLog: false)
        try server.start()
        return server
    }
}

/// Polls `condition` every 100 ms for up to `seconds`.
func eventually(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(100_000)
    }
    return try condition()
}

extension DateFormatter {
    /// RSS's `pubDate` form ("Tue, 01 Dec 2026 09:00:00 GMT"), for feeds the tests serve.
    static let rfc822: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()
}

/// Every answer a Jarvis test receives through `curl` is checked against the published document's
/// declaration of it (`OpenAPIDocument.responseProblems`), so a response schema cannot drift from
/// what the handler sends.
enum JarvisPublishedContract {
    static let document = JarvisOpenAPI.document()

    /// Only answers a Jarvis server sent: a port can be reused by another server once a test's
    /// Jarvis has stopped without unregistering.
    @Sendable static func check(_ exchange: ExchangeChecks.Exchange) {
        guard exchange.header("Server")?.hasPrefix("jarvis/") == true else { return }
        for problem in document.responseProblems(method: exchange.method, path: exchange.path, status: exchange.status,
                                                 contentType: exchange.header("Content-Type"), body: Array(exchange.body.utf8)) {
            XCTFail("\(exchange.method) \(exchange.path) answered against the published contract: \(problem)")
        }
    }
}
