import Foundation
import TestHTTPClients
import Glibc
import XCTest
@testable import HTTPServer

/// Regressions for hostile or unlucky clients: each test is a shape that once broke the server.
final class RobustnessTests: XCTestCase {
    private static let big = [UInt8](repeating: UInt8(ascii: "b"), count: 4 << 20)

    private func makeServer(configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        try TestServer(configure: configure) { router in
            router.get("/big") { _ in .bytes(Self.big, contentType: "application/octet-stream") }
            router.get("/header") { request in
                Response(status: 200, headers: ["X-Echo": request.query["v"] ?? "", "Bad Name": "x"], body: .bytes(Array("ok".utf8)))
            }
            // Built once with its header lines checked then; one copy is changed after that.
            let prepared = Response(status: 200, headers: ["X-Echo": "a\r\nSet-Cookie: injected=1", "Bad Name": "x", "Content-Length": "99"],
                                    body: .bytes(Array("ok".utf8))).prepared()
            router.add(.get, "/prepared", synchronous: { _ in prepared })
            router.add(.get, "/prepared-then-changed", synchronous: { _ in
                var changed = prepared
                changed.headers.set("X-Echo", "changed")
                return changed
            })
            router.get("/events") { request in
                let data = request.query["data"] ?? ""
                return .eventStream { events in try await events.send(data: data) }
            }
        }
    }

    func testThousandsOfPipelinedUnroutedRequestsInOnePacketDoNotCrash() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send(String(repeating: "GET /missing HTTP/1.1\r\n\r\n", count: 4096))
        let answered = String(decoding: connection.read { bytes in
            String(decoding: bytes, as: UTF8.self).components(separatedBy: "HTTP/1.1 404").count - 1 >= 4096
        }, as: UTF8.self)
        XCTAssertEqual(answered.components(separatedBy: "HTTP/1.1 404").count - 1, 4096)
        await server.stop()
    }

    func testClientThatPipelinesButNeverReadsCannotGrowMemory() async throws {
        let server = try makeServer { $0.shutdownGracePeriod = 1 }
        let connection = try server.connect()
        let before = residentMemoryBytes()
        connection.send(String(repeating: "GET /big HTTP/1.1\r\n\r\n", count: 100))  // 400 MiB of answers
        try await Task.sleep(nanoseconds: 1_500_000_000)
        let growth = residentMemoryBytes() - before
        XCTAssertLessThan(growth, 64 << 20, "memory grew by \(growth) bytes for a client that does not read")
        _ = connection
        await server.stop()
    }

    func testResponseHeaderValuesCannotInjectHeaders() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /header?v=a%0D%0ASet-Cookie:%20injected=1 HTTP/1.1\r\n\r\n")
        assertHeaderRulesHeld(connection.readResponses(1).first ?? "")
        await server.stop()
    }

    /// `X-Echo` carried `a\r\nSet-Cookie: injected=1` and a field was named `Bad Name`: neither got through as such.
    private func assertHeaderRulesHeld(_ response: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(response.contains("\r\nSet-Cookie:"), response, file: file, line: line)
        XCTAssertTrue(response.contains("X-Echo: a  Set-Cookie: injected=1\r\n"), response, file: file, line: line)
        XCTAssertFalse(response.contains("Bad Name"), "invalid header names are dropped", file: file, line: line)
    }

    /// A response prepared once is sent under the same rules as any, and a change to its headers
    /// after `prepared()` is sent as changed.
    func testPreparedResponseHeadersFollowTheRulesAndLaterChanges() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /prepared HTTP/1.1\r\n\r\nGET /prepared HTTP/1.1\r\n\r\nGET /prepared-then-changed HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(3)
        XCTAssertEqual(responses.count, 3)
        for response in responses.prefix(2) {
            assertHeaderRulesHeld(response)
            XCTAssertTrue(response.contains("Content-Length: 2\r\n") && !response.contains("Content-Length: 99"), response)
        }
        XCTAssertTrue(responses.last?.contains("X-Echo: changed\r\n") == true, responses.last ?? "")
        XCTAssertFalse(responses.last?.contains("injected") ?? true, responses.last ?? "")
        await server.stop()
    }

    func testEventDataCannotInjectSSEFields() async throws {
        let server = try makeServer()
        let result = try runTool("curl", ["-sN", "\(server.url)/events?data=hi%0D%0Aevent:%20evil%0Dretry:%201"])
        XCTAssertEqual(result.output, "data: hi\ndata: event: evil\ndata: retry: 1\n\n")
        await server.stop()
    }

    func testHalfClosedClientStillGetsTheWholeResponse() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /big HTTP/1.1\r\n\r\n")
        connection.shutdownWrite()
        let bytes = connection.read { _ in false }
        let body = bytes.split(separator: Array("\r\n\r\n".utf8), maxSplits: 1).last ?? []
        XCTAssertEqual(body.count, Self.big.count)
        await server.stop()
    }

    func testSlowDownloadOutlastsTheIdleTimeout() async throws {
        let server = try makeServer { $0.idleTimeout = 1 }
        let connection = try server.connect()
        connection.send("GET /big HTTP/1.1\r\n\r\n")
        // About 2.5 s to read 4 MiB: longer than the idle timeout, but never idle.
        let received = connection.readSlowly(total: Self.big.count + 200, chunk: 64 * 1024, pause: 0.04)
        XCTAssertGreaterThan(received, Self.big.count)
        await server.stop()
    }
}
