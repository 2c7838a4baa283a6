import Foundation
import TestHTTPClients
import HTTPServer
import Synchronization
import XCTest
@testable import FeedFetching

/// The fetcher against a real HTTP server on loopback (our own), one behaviour per test.
final class FeedFetcherTests: XCTestCase {
    private static let feed = Array("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title></channel></rss>".utf8)
    private static let concurrent = Atomic<Int>(0)
    private static let peak = Atomic<Int>(0)
    private static let localhostHits = Atomic<Int>(0)

    private var server: HTTPServer!
    private var base: String { "http://127.0.0.1:\(server.port)" }

    override func setUp() async throws {
        let gzipped = try Self.gzip(Self.feed)
        var router = Router()
        router.get("/feed") { request in
            if request.headers["Host"]?.hasPrefix("localhost") == true { Self.localhostHits.add(1, ordering: .relaxed) }
            if request.headers["If-None-Match"] == "\"v1\"" { return Response(status: 304, headers: ["ETag": "\"v1\""]) }
            return Response(status: 200, headers: ["Content-Type": "application/rss+xml; charset=ISO-8859-1", "ETag": "\"v1\"",
                                                   "Last-Modified": "Mon, 30 Nov 2026 01:00:00 GMT"], body: .bytes(Self.feed))
        }
        router.get("/since") { request in
            request.headers["If-Modified-Since"] == "Mon, 30 Nov 2026 01:00:00 GMT" ? Response(status: 304) : .bytes(Self.feed, contentType: "text/xml")
        }
        router.get("/gzip") { _ in
            Response(status: 200, headers: ["Content-Type": "application/rss+xml", "Content-Encoding": "gzip"], body: .bytes(gzipped))
        }
        router.get("/ua") { request in .text(request.headers["User-Agent"] ?? "") }
        router.get("/moved") { _ in Response(status: 301, headers: ["Location": "/moved-again"]) }
        router.get("/moved-again") { _ in Response(status: 308, headers: ["Location": "/feed"]) }
        router.get("/temporary") { _ in Response(status: 302, headers: ["Location": "/feed"]) }
        router.get("/mixed") { _ in Response(status: 301, headers: ["Location": "/temporary"]) }
        router.get("/loop") { _ in Response(status: 302, headers: ["Location": "/loop"]) }
        router.get("/to-localhost") { request in
            let port = request.headers["Host"]?.split(separator: ":").last.map(String.init) ?? ""
            return Response(status: 302, headers: ["Location": "http://localhost:\(port)/feed"])
        }
        router.get("/trickle") { _ in
            Response(status: 200, headers: ["Content-Type": "application/xml"], body: .stream { writer in
                for byte in Self.feed {
                    try await writer.write([byte])
                    try await Task.sleep(nanoseconds: 400_000_000)
                }
            })
        }
        router.get("/huge") { _ in .bytes([UInt8](repeating: 0x20, count: 3 << 20), contentType: "application/xml") }
        router.get("/huge-stream") { _ in
            Response(status: 200, headers: ["Content-Type": "application/xml"], body: .stream { writer in
                for _ in 0..<64 { try await writer.write([UInt8](repeating: 0x20, count: 64 * 1024)) }
            })
        }
        router.get("/members") { request in
            guard request.headers["Authorization"] == "Basic " + Data("alice:right-pw".utf8).base64EncodedString() else {
                return Response(status: 401, headers: ["WWW-Authenticate": #"Basic realm="members""#])
            }
            return .bytes(Self.feed, contentType: "application/xml")
        }
        router.get("/gone") { _ in Response(status: 410) }
        router.get("/broken") { _ in Response(status: 500) }
        router.get("/slow") { _ in
            try await Task.sleep(nanoseconds: 3_000_000_000)
            return .bytes(Self.feed, contentType: "application/xml")
        }
        router.get("/busy") { _ in
            let now = Self.concurrent.add(1, ordering: .relaxed).newValue
            var seen = Self.peak.load(ordering: .relaxed)
            while now > seen, !Self.peak.compareExchange(expected: seen, desired: now, ordering: .relaxed).exchanged {
                seen = Self.peak.load(ordering: .relaxed)
            }
            try await Task.sleep(nanoseconds: 300_000_000)
            Self.concurrent.subtract(1, ordering: .relaxed)
            return .bytes(Self.feed, contentType: "application/xml")
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        server = try HTTPServer(configuration: configuration, router: router, logger: Logger(sink: MemoryLogSink()), accessLog: false)
        try server.start()
    }

    override func tearDown() async throws {
        await server.shutdown()
    }

    /// A fetcher allowed the loopback network the test server lives on.
    private func fetcher(_ adjust: (inout FetcherConfiguration) -> Void = { _ in }) -> FeedFetcher {
        var configuration = FetcherConfiguration()
        configuration.destinations = DestinationPolicy(allowedNetworks: [NetworkRange("127.0.0.0/8")!, NetworkRange("::1/128")!])
        adjust(&configuration)
        return FeedFetcher(configuration: configuration)
    }

    private func fetch(_ path: String, etag: String? = nil, lastModified: String? = nil,
                       with fetcher: FeedFetcher? = nil) async throws -> FetchOutcome {
        try await (fetcher ?? self.fetcher()).fetch(FetchRequest(url: URL(string: base + path)!, etag: etag, lastModified: lastModified))
    }

    private func document(_ outcome: FetchOutcome) throws -> FetchedDocument {
        guard case .fetched(let document) = outcome else { throw XCTSkip("expected a document, got \(outcome)") }
        return document
    }

    private func errorOf(_ url: String, with fetcher: FeedFetcher) async throws -> FetchError? {
        do {
            _ = try await fetcher.fetch(FetchRequest(url: try XCTUnwrap(URL(string: url))))
            return nil
        } catch {
            return error as? FetchError
        }
    }

    private func fetchError(_ path: String, with fetcher: FeedFetcher? = nil) async -> FetchError? {
        do {
            _ = try await fetch(path, with: fetcher)
            return nil
        } catch {
            return error as? FetchError
        }
    }

    func testSuccessfulFetchReturnsBodyValidatorsAndCharset() async throws {
        let document = try document(try await fetch("/feed"))
        XCTAssertEqual(document.body, Self.feed)
        XCTAssertEqual(document.mediaType, "application/rss+xml")
        XCTAssertEqual(document.charset, "iso-8859-1")
        XCTAssertEqual(document.etag, "\"v1\"")
        XCTAssertEqual(document.lastModified, "Mon, 30 Nov 2026 01:00:00 GMT")
        XCTAssertNil(document.permanentRedirect)
    }

    func testConditionalGetHonours304ForETagAndLastModified() async throws {
        let byETag = try await fetch("/feed", etag: "\"v1\"")
        XCTAssertEqual(byETag, .notModified(permanentRedirect: nil))
        let byDate = try await fetch("/since", lastModified: "Mon, 30 Nov 2026 01:00:00 GMT")
        XCTAssertEqual(byDate, .notModified(permanentRedirect: nil))
        let changed = try await fetch("/feed", etag: "\"v0\"")
        XCTAssertEqual(try document(changed).body, Self.feed)
    }

    func testGzipBodyIsDecompressed() async throws {
        let outcome = try await fetch("/gzip")
        XCTAssertEqual(try document(outcome).body, Self.feed)
    }

    func testUserAgentDescribesTheFetcher() async throws {
        let agent = String(decoding: try document(try await fetch("/ua")).body, as: UTF8.self)
        XCTAssertTrue(agent.hasPrefix("JarvisFeedFetcher/"), agent)
    }

    func testPermanentRedirectChainIsReported() async throws {
        let document = try document(try await fetch("/moved"))
        XCTAssertEqual(document.body, Self.feed)
        XCTAssertEqual(document.permanentRedirect?.path, "/feed")
        XCTAssertEqual(document.finalURL.path, "/feed")
    }

    func testTemporaryRedirectDoesNotMoveTheSubscription() async throws {
        let temporary = try await fetch("/temporary")
        XCTAssertNil(try document(temporary).permanentRedirect)
        // A permanent hop followed by a temporary one: only the permanent part counts.
        let mixed = try await fetch("/mixed")
        XCTAssertEqual(try document(mixed).permanentRedirect?.path, "/temporary")
    }

    /// Without the operator's allowance no internal address is fetched, whether the URL names
    /// it, the publisher's DNS answers with it, or a redirect points at it; nothing reaches it.
    func testInternalDestinationsAreRefusedUnlessAllowed() async throws {
        let strict = fetcher { $0.destinations = DestinationPolicy() }
        let direct = await fetchError("/feed", with: strict)
        XCTAssertEqual(direct?.kind, .internalAddress)
        XCTAssertEqual(direct?.message, "refused to connect to 127.0.0.1: 127.0.0.1 is in the server's own network "
            + "(allow it with JARVIS_FEED_ALLOW_NETWORKS)")
        // A public-looking name whose DNS answers with loopback (one internal address is enough).
        let internet: [UInt8] = [93, 184, 216, 34]
        let rebound = fetcher { $0.destinations = DestinationPolicy(); $0.resolve = { _ in [internet, [127, 0, 0, 1]] } }
        let byName = try await errorOf("http://news.example:\(server.port)/feed", with: rebound)
        XCTAssertEqual(byName?.kind, .internalAddress)
        // Each redirect hop is checked again: 127.0.0.1 is allowed, the hop to localhost (::1 and 127.0.0.1) is not whole.
        let onlyOne = fetcher { $0.destinations = DestinationPolicy(allowedNetworks: [NetworkRange("127.0.0.1/32")!]) }
        let allowed = try await fetch("/feed", with: onlyOne)
        XCTAssertEqual(try document(allowed).body, Self.feed)
        let hop = fetcher {
            $0.destinations = DestinationPolicy(allowedNetworks: [NetworkRange("127.0.0.1/32")!])
            $0.resolve = { host in host == "localhost" ? [[127, 0, 0, 2]] : InternalAddress.resolve(host) }
        }
        let redirected = await fetchError("/to-localhost", with: hop)
        XCTAssertEqual(redirected?.kind, .internalAddress)
        XCTAssertEqual(Self.localhostHits.load(ordering: .relaxed), 0)
    }

    /// The name is resolved once and the connection goes to that checked address: a name no
    /// DNS knows is fetched from the address the resolver gave.
    func testTheConnectionUsesTheCheckedAddress() async throws {
        let pinned = fetcher { $0.resolve = { host in host == "feeds.invalid" ? [[127, 0, 0, 1]] : [] } }
        let outcome = try await pinned.fetch(FetchRequest(url: URL(string: "http://feeds.invalid:\(server.port)/ua")!))
        XCTAssertEqual(String(decoding: try document(outcome).body, as: UTF8.self), FetcherConfiguration().userAgent)
    }

    func testRedirectLoopFails() async {
        let error = await fetchError("/loop")
        XCTAssertEqual(error?.kind, .tooManyRedirects)
    }

    func testBodyOverTheLimitIsRefusedWhetherDeclaredOrStreamed() async {
        let small = fetcher { $0.maxBodyBytes = 1 << 20 }
        let declared = await fetchError("/huge", with: small)
        XCTAssertEqual(declared?.kind, .tooLarge)
        let streamed = await fetchError("/huge-stream", with: small)
        XCTAssertEqual(streamed?.kind, .tooLarge)
    }

    func testGoneAndServerErrorsAreDistinguished() async {
        let gone = await fetchError("/gone")
        XCTAssertEqual(gone?.kind, .httpStatus(410))
        XCTAssertEqual(gone?.isGone, true)
        let broken = await fetchError("/broken")
        XCTAssertEqual(broken?.kind, .httpStatus(500))
    }

    /// The message is logged and stored as the feed's last error: a private feed's credentials
    /// and token never appear in it.
    func testErrorMessagesNameTheFeedWithoutCredentialsOrQuery() async throws {
        let port = server.port
        let privateFeed = try XCTUnwrap(URL(string: "http://alice:s3cret-pw@127.0.0.1:\(port)/gone?token=t0ken-123#top"))
        do {
            _ = try await fetcher().fetch(FetchRequest(url: privateFeed))
            XCTFail("410 expected")
        } catch {
            XCTAssertEqual(error.message, "HTTP 410 from http://127.0.0.1:\(port)/gone")
        }
    }

    /// A 401 with a challenge used to suspend the task for good on Linux (no timeout fires), so
    /// a private feed with a missing or wrong password held its host's fetch slot forever. A
    /// watchdog cancels the fetch after 5 s, so the old hang fails the test instead of stalling it.
    func testAFeedThatAsksForAPasswordFailsAtOnceWith401() async throws {
        let (port, fetcher) = (server.port, fetcher())
        func outcome(_ url: String) async throws -> Result<FetchOutcome, FetchError> {
            let request = FetchRequest(url: try XCTUnwrap(URL(string: url)))
            let fetch = Task { try await fetcher.fetch(request) }
            let watchdog = Task {
                try await Task.sleep(nanoseconds: 5_000_000_000)
                fetch.cancel()
            }
            defer { watchdog.cancel() }
            do {
                return .success(try await fetch.value)
            } catch {
                return .failure(try XCTUnwrap(error as? FetchError))
            }
        }
        guard case .failure(let missing) = try await outcome("http://127.0.0.1:\(port)/members") else { return XCTFail("401 expected") }
        XCTAssertEqual(missing.kind, .httpStatus(401))
        XCTAssertEqual(missing.message, "HTTP 401 from http://127.0.0.1:\(port)/members: the feed asks for a user and password")
        guard case .failure(let refused) = try await outcome("http://alice:wrong-pw@127.0.0.1:\(port)/members") else {
            return XCTFail("401 expected")
        }
        XCTAssertEqual(refused.kind, .httpStatus(401))
        XCTAssertEqual(refused.message, "HTTP 401 from http://127.0.0.1:\(port)/members: the feed refused the user and password in its URL")
        let admitted = try await outcome("http://alice:right-pw@127.0.0.1:\(port)/members").get()
        XCTAssertEqual(try document(admitted).body, Self.feed, "credentials in the URL are sent with the request")
    }

    func testSlowFeedTimesOut() async {
        let impatient = fetcher { $0.timeout = 1 }
        let started = Date()
        let error = await fetchError("/slow", with: impatient)
        XCTAssertEqual(error?.kind, .timeout)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.9)
    }

    /// A server that keeps sending a byte now and then never stalls, yet the fetch ends at its
    /// deadline, cancelled and failed with that reason (it used to run to the end and succeed).
    func testAFetchEndsAtItsDeadlineHoweverTheServerTrickles() async {
        let hurried = fetcher { $0.deadline = 2 }
        let started = ContinuousClock.now
        let error = await fetchError("/trickle", with: hurried)
        XCTAssertEqual(error?.kind, .timeout)
        XCTAssertEqual(error?.message, "took longer than 2 s, the most one fetch may take (\(base)/trickle)")
        XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(3500))
    }

    func testConcurrentFetchesToOneHostAreCapped() async throws {
        let shared = fetcher { $0.perHostConcurrency = 2 }
        Self.peak.store(0, ordering: .relaxed)
        let url = base + "/busy"
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 { group.addTask { _ = try await shared.fetch(FetchRequest(url: URL(string: url)!)) } }
            try await group.waitForAll()
        }
        XCTAssertEqual(Self.peak.load(ordering: .relaxed), 2)
    }

    func testOnlyHTTPAndHTTPSAreFetched() async {
        do {
            _ = try await fetcher().fetch(FetchRequest(url: URL(string: "file:///etc/passwd")!))
            XCTFail("a file URL was fetched")
        } catch {
            XCTAssertEqual(error.kind, .invalidURL)
        }
    }

    private static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return Array(try Subprocess.run("/bin/gzip", ["-c", input.path]).output)
    }
}
