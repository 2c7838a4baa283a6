import Foundation
import TestHTTPClients
import XCTest
@testable import HTTPServer

final class HTTPServerBasicsTests: XCTestCase {
    private func makeServer(configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        try TestServer(configure: configure) { router in
            router.get("/hello") { _ in .json(Array("{\"hello\":\"world\"}".utf8)) }
            router.post("/echo") { request in .bytes(request.body, contentType: "application/octet-stream") }
            router.get("/feeds/{id}") { request in .text("feed \(request.parameter("id") ?? "?")") }
            router.delete("/feeds/{id}") { _ in .empty(204) }
            router.post("/small", options: RouteOptions(maxBodyBytes: 10)) { request in .text("got \(request.body.count)") }
            router.get("/fail") { _ in throw CancellationError() }
            router.get("/slow") { _ in
                try await Task.sleep(nanoseconds: 1_000_000_000)
                return .text("slow")
            }
        }
    }

    func testGetAnswersJSONWithFramingHeaders() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try XCTUnwrap(connection.readResponses(1).first)
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 200 OK\r\n"), response)
        XCTAssertTrue(response.contains("Content-Length: 17\r\n"))
        XCTAssertTrue(response.contains("Content-Type: application/json; charset=utf-8\r\n"))
        XCTAssertTrue(response.contains("\r\nDate: "))
        XCTAssertTrue(response.contains("\r\nX-Request-Id: "))
        XCTAssertTrue(response.hasSuffix("{\"hello\":\"world\"}"))
        await server.stop()
    }

    func testKeepAliveServesSeveralRequestsOnOneConnection() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        for id in 1...3 {
            connection.send("GET /feeds/\(id) HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(connection.readResponses(1).first?.hasSuffix("feed \(id)") ?? false)
        }
        await server.stop()
    }

    func testPipelinedRequestsAreAnsweredInOrder() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        // The slow request comes first: its answer must still come first.
        connection.send("GET /slow HTTP/1.1\r\n\r\nGET /feeds/a HTTP/1.1\r\n\r\nPOST /echo HTTP/1.1\r\nContent-Length: 3\r\n\r\nxyzGET /feeds/b HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(4)
        XCTAssertEqual(responses.count, 4)
        XCTAssertEqual(responses.map { $0.components(separatedBy: "\r\n\r\n").last ?? "" }, ["slow", "feed a", "xyz", "feed b"])
        await server.stop()
    }

    func testChunkedRequestBodyIsReassembled() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n")
        usleep(50_000)
        connection.send("5\r\npedia\r\n0\r\n\r\n")
        XCTAssertTrue(connection.readResponses(1).first?.hasSuffix("\r\n\r\nWikipedia") ?? false)
        await server.stop()
    }

    func testExpectContinueGetsInterimResponseThenFinal() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("POST /echo HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = String(decoding: connection.read { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }, as: UTF8.self)
        XCTAssertEqual(interim, "HTTP/1.1 100 Continue\r\n\r\n")
        connection.send("hello")
        XCTAssertTrue(connection.readResponses(1).first?.hasSuffix("hello") ?? false)
        await server.stop()
    }

    func testExpectContinueOverTheLimitIs413WithoutReadingTheBody() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("POST /small HTTP/1.1\r\nContent-Length: 5000000\r\nExpect: 100-continue\r\n\r\n")
        let response = connection.readUntilClosed()
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 413 "), response)
        XCTAssertFalse(response.contains("100 Continue"))
        await server.stop()
    }

    func testBodyLimitIsCheckedAgainstContentLengthBeforeTheBody() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        // No body is ever sent: the answer must come from the declared length alone.
        connection.send("POST /small HTTP/1.1\r\nContent-Length: 11\r\n\r\n")
        let response = connection.readUntilClosed()
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 413 "), response)
        XCTAssertTrue(response.contains("Connection: close"))
        XCTAssertTrue(response.contains("\"http.body_too_large\""))
        await server.stop()
    }

    func testHeadHasContentLengthButNoBody() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("HEAD /hello HTTP/1.1\r\n\r\nGET /feeds/z HTTP/1.1\r\n\r\n")
        let bytes = String(decoding: connection.read { String(decoding: $0, as: UTF8.self).hasSuffix("feed z") }, as: UTF8.self)
        let parts = bytes.components(separatedBy: "HTTP/1.1 200 OK")
        XCTAssertEqual(parts.count, 3)
        XCTAssertTrue(parts[1].contains("Content-Length: 17\r\n"))
        XCTAssertTrue(parts[1].hasSuffix("\r\n\r\n"), "HEAD must not carry a body")
        await server.stop()
    }

    func testUnknownRouteIs404AndWrongMethodIs405WithAllow() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /nope HTTP/1.1\r\n\r\nPUT /feeds/1 HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
        let responses = connection.readResponses(2)
        XCTAssertTrue(responses[0].hasPrefix("HTTP/1.1 404 "))
        XCTAssertTrue(responses[0].contains("\"route.not_found\""))
        XCTAssertTrue(responses[1].hasPrefix("HTTP/1.1 405 "))
        XCTAssertTrue(responses[1].contains("Allow: DELETE, GET, HEAD\r\n"), responses[1])
        await server.stop()
    }

    func testDeleteAnswers204WithNoBodyAndNoContentLength() async throws {
        let server = try makeServer()
        let result = try runTool("curl", ["-s", "-i", "-X", "DELETE", "\(server.url)/feeds/9"])
        XCTAssertTrue(result.output.hasPrefix("HTTP/1.1 204 No Content\r\n"), result.output)
        XCTAssertFalse(result.output.lowercased().contains("content-length"))
        XCTAssertTrue(result.output.hasSuffix("\r\n\r\n"))
        await server.stop()
    }

    func testHandlerErrorBecomes500InTheEnvelopeAndConnectionLives() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /fail HTTP/1.1\r\n\r\nGET /feeds/after HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(2)
        XCTAssertTrue(responses[0].hasPrefix("HTTP/1.1 500 "))
        XCTAssertTrue(responses[0].contains("\"internal\""))
        XCTAssertTrue(responses[1].hasSuffix("feed after"))
        await server.stop()
    }

    func testSlowHandlerDoesNotStallOtherConnections() async throws {
        let server = try makeServer { $0.eventLoops = 1 }
        let slow = try server.connect()
        slow.send("GET /slow HTTP/1.1\r\n\r\n")
        let started = Date()
        let fast = try server.connect()
        fast.send("GET /hello HTTP/1.1\r\n\r\n")
        XCTAssertEqual(fast.readResponses(1).count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.8, "a handler awaiting must not block the event loop")
        XCTAssertTrue(slow.readResponses(1).first?.hasSuffix("slow") ?? false)
        await server.stop()
    }

    func testCurlKeepAliveReusesTheConnection() async throws {
        let server = try makeServer()
        let result = try runTool("curl", ["-sv", "\(server.url)/hello", "\(server.url)/feeds/2"])
        XCTAssertEqual(result.output, "{\"hello\":\"world\"}feed 2")
        XCTAssertTrue(result.error.contains("Re-using existing connection"), result.error)
        await server.stop()
    }

    func testPercentEncodedPathParameterIsDecoded() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /feeds/a%20b HTTP/1.1\r\n\r\n")
        XCTAssertTrue(connection.readResponses(1).first?.hasSuffix("feed a b") ?? false)
        await server.stop()
    }

    func testAPathParameterHoldingANulMatchesNoRoute() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /feeds/a%00b HTTP/1.1\r\n\r\nGET /feeds/ok HTTP/1.1\r\n\r\n")
        let responses = connection.readResponses(2)
        XCTAssertTrue(responses.first?.hasPrefix("HTTP/1.1 404") ?? false, responses.first ?? "no response")
        XCTAssertTrue(responses.last?.hasSuffix("feed ok") ?? false, "the connection goes on")
        await server.stop()
    }
}
