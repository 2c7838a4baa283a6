import Foundation
import TestHTTPClients
import XCTest
@testable import HTTPServer

/// Limits and malformed input over real sockets: every refusal is a clear status, then a close.
final class HTTPServerLimitsTests: XCTestCase {
    private func makeServer(configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        try TestServer(configure: configure) { router in
            router.get("/hello") { _ in .text("hi") }
            router.post("/echo") { request in .bytes(request.body, contentType: "application/octet-stream") }
        }
    }

    private func answer(to raw: String, on server: TestServer) throws -> String {
        let connection = try server.connect()
        connection.send(raw)
        return connection.readUntilClosed()
    }

    func testHeaderBlockOver16KiBIs431() async throws {
        let server = try makeServer()
        let response = try answer(to: "GET /hello HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n", on: server)
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 431 "), response)
        XCTAssertTrue(response.contains("\"http.header_too_large\""))
        await server.stop()
    }

    func testLongURIIs414() async throws {
        let server = try makeServer()
        let response = try answer(to: "GET /\(String(repeating: "x", count: 9000)) HTTP/1.1\r\n\r\n", on: server)
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 414 "), response)
        await server.stop()
    }

    func testSmugglingShapesAre400AndClose() async throws {
        let server = try makeServer()
        let shapes = [
            "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
            "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
            "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            "GET /hello HTTP/1.1\r\nX-Folded: a\r\n b\r\n\r\n",
            "POST /echo HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n",
            "POST /echo HTTP/1.1\r\nContent-Length : 3\r\n\r\nabc",
            "POST /echo HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        ]
        for shape in shapes {
            let response = try answer(to: shape, on: server)
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 400 "), "\(shape.debugDescription) → \(response)")
            XCTAssertTrue(response.contains("Connection: close"), shape.debugDescription)
        }
        await server.stop()
    }

    func testSlowHeaderClientGets408AndIsDisconnected() async throws {
        let server = try makeServer { $0.headTimeout = 1 }
        let connection = try server.connect()
        connection.send("GET /hello HTTP/1.1\r\nX-Slow: ")
        let started = Date()
        for _ in 0..<3 {
            usleep(400_000)
            connection.send("a")  // a byte at a time keeps the connection busy but never finishes the head
        }
        let response = connection.readUntilClosed()
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 408 "), response)
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
        await server.stop()
    }

    func testStalledBodyGets408() async throws {
        let server = try makeServer { $0.bodyReadTimeout = 1 }
        let connection = try server.connect()
        connection.send("POST /echo HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
        XCTAssertTrue(connection.readUntilClosed().hasPrefix("HTTP/1.1 408 "))
        await server.stop()
    }

    func testIdleKeepAliveConnectionIsClosed() async throws {
        let server = try makeServer { $0.idleTimeout = 1 }
        let connection = try server.connect()
        connection.send("GET /hello HTTP/1.1\r\n\r\n")
        XCTAssertEqual(connection.readResponses(1).count, 1)
        let started = Date()
        XCTAssertTrue(connection.isClosedByPeer())
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
        await server.stop()
    }

    func testConnectionsBeyondTheLimitGet503() async throws {
        let server = try makeServer { $0.maxConnections = 3; $0.eventLoops = 1 }
        let held = try (0..<3).map { _ in try server.connect() }
        for connection in held { connection.send("GET /hello HTTP/1.1\r\n\r\n"); XCTAssertEqual(connection.readResponses(1).count, 1) }
        let extra = try server.connect()
        let response = extra.readUntilClosed()
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 503 "), response)
        XCTAssertTrue(response.contains("Retry-After: 1"))
        await server.stop()
    }

    func testHTTP10ClientGetsConnectionClose() async throws {
        let server = try makeServer()
        let response = try answer(to: "GET /hello HTTP/1.0\r\n\r\n", on: server)
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 200 OK"))
        XCTAssertTrue(response.contains("Connection: close"))
        await server.stop()
    }

    func testGarbageIs400() async throws {
        let server = try makeServer()
        XCTAssertTrue(try answer(to: "\u{1}\u{2}garbage\r\n\r\n", on: server).hasPrefix("HTTP/1.1 400 "))
        await server.stop()
    }

    func testManyConcurrentClientsAllGetAnswers() async throws {
        let server = try makeServer()
        let url = server.url
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<8 {
                let urls = (0..<25).flatMap { ["\(url)/hello?i=\(i)&n=\($0)", "-o", "/dev/null"] }
                group.addTask { try runTool("curl", ["-s", "-w", "%{http_code}\n"] + urls).output }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        let codes = results.flatMap { $0.split(separator: "\n") }
        XCTAssertEqual(codes.count, 200)
        XCTAssertEqual(Set(codes), ["200"])
        await server.stop()
    }
}
