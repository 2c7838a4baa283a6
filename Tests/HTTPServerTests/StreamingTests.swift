import Foundation
import TestHTTPClients
import XCTest
@testable import HTTPServer

/// Streamed bodies and Server-Sent Events read by curl, and WebSocket driven by Python's `websockets` client.
final class StreamingTests: XCTestCase {
    private static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Clients")

    private func makeServer() throws -> TestServer {
        try TestServer { router in
            router.get("/events") { _ in
                .eventStream { events in
                    try await events.retry(milliseconds: 1500)
                    for i in 1...3 {
                        try await events.send(event: "tick", id: "\(i)", data: "line \(i)\nsecond line")
                    }
                }
            }
            router.get("/endless") { _ in
                .eventStream { events in
                    let chunk = String(repeating: "x", count: 16 * 1024)
                    while true { try await events.send(data: chunk) }
                }
            }
            router.get("/download") { _ in
                .stream(contentType: "application/json") { body in
                    try await body.write("[")
                    for i in 1...3 { try await body.write(i == 1 ? "1" : ",\(i)") }
                    try await body.write("]")
                }
            }
            router.get("/broken-download") { _ in
                .stream(contentType: "application/json") { body in
                    try await body.write("[1,")
                    throw CancellationError()
                }
            }
            router.webSocket("/ws/echo") { _, socket in
                for await message in socket.messages {
                    try? await socket.send(message)
                }
            }
            router.webSocket("/ws/flood") { _, socket in
                let message = String(repeating: "f", count: 64 * 1024)
                for _ in 0..<1024 { socket.trySend(message) }
                for await _ in socket.messages {}
            }
        }
    }

    func testServerSentEventsAreFramedAndTheStreamEnds() async throws {
        let server = try makeServer()
        let result = try runTool("curl", ["-sN", "-i", "\(server.url)/events"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("Content-Type: text/event-stream; charset=utf-8\r\n"))
        XCTAssertTrue(result.output.contains("Transfer-Encoding: chunked\r\n"))
        let body = result.output.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        XCTAssertEqual(body, "retry: 1500\n\n" + (1...3).map { "event: tick\nid: \($0)\ndata: line \($0)\ndata: second line\n\n" }.joined())
        await server.stop()
    }

    func testStreamedBodyIsChunkedWithItsContentType() async throws {
        let server = try makeServer()
        let result = try runTool("curl", ["-sN", "-i", "\(server.url)/download"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("Content-Type: application/json\r\n"), result.output)
        XCTAssertTrue(result.output.contains("Transfer-Encoding: chunked\r\n"), result.output)
        XCTAssertFalse(result.output.lowercased().contains("content-length"), result.output)
        XCTAssertEqual(result.output.components(separatedBy: "\r\n\r\n").last, "[1,2,3]")
        await server.stop()
    }

    /// HTTP/1.0 has no chunked coding: the body ends when the connection does.
    func testStreamedBodyToAnHTTP10ClientIsCloseDelimited() async throws {
        let response = try await rawResponse("GET /download HTTP/1.0\r\n\r\n")
        XCTAssertFalse(response.contains("Transfer-Encoding"), response)
        XCTAssertTrue(response.hasSuffix("\r\n\r\n[1,2,3]"), response)
    }

    /// A producer that fails mid-way must not look like a complete body: no final chunk.
    func testAFailingProducerCutsTheBodyShort() async throws {
        let response = try await rawResponse("GET /broken-download HTTP/1.1\r\n\r\n")
        XCTAssertTrue(response.contains("Transfer-Encoding: chunked\r\n"), response)
        let body = response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        XCTAssertEqual(body, "3\r\n[1,\r\n", "the one chunk written, then the close: no final 0-length chunk")
    }

    /// Everything the server sends for `request` until it closes the connection.
    private func rawResponse(_ request: String) async throws -> String {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send(request)
        let response = connection.readUntilClosed()
        await server.stop()
        return response
    }

    func testSlowEventStreamReaderHoldsBoundedMemory() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /endless HTTP/1.1\r\n\r\n")
        // Never read: the producer must be parked at the high-water mark, not filling memory.
        try await Task.sleep(nanoseconds: 1_500_000_000)
        let before = residentMemoryBytes()
        try await Task.sleep(nanoseconds: 1_000_000_000)
        let growth = residentMemoryBytes() - before
        XCTAssertLessThan(growth, 8 << 20, "memory grew by \(growth) bytes while the client was not reading")
        _ = connection  // keep the socket open until here
        await server.stop()
    }

    func testWebSocketCasesWithPythonClient() async throws {
        let server = try makeServer()
        let script = Self.clients.appendingPathComponent("websocket_cases.py").path
        let result = try runTool("python3", [script, "ws://127.0.0.1:\(server.port)"], timeout: 120)
        XCTAssertEqual(result.status, 0, result.output + result.error)
        XCTAssertTrue(result.output.contains(" 0 failed"), result.output)
        await server.stop()
    }

    func testPlainGetOnWebSocketRouteIsRefused() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /ws/echo HTTP/1.1\r\n\r\n")
        let response = connection.readResponses(1).first ?? ""
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 400 "), response)
        XCTAssertTrue(response.contains("websocket.handshake_failed"))
        await server.stop()
    }

    func testWrongWebSocketVersionIs426WithSupportedVersion() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /ws/echo HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n\r\n")
        let response = connection.readResponses(1).first ?? ""
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 426 "), response)
        XCTAssertTrue(response.contains("Sec-WebSocket-Version: 13\r\n"))
        await server.stop()
    }

    func testHandshakeAnswersRFCExampleAcceptKey() async throws {
        let server = try makeServer()
        let connection = try server.connect()
        connection.send("GET /ws/echo HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let head = String(decoding: connection.read { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }, as: UTF8.self)
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"), head)
        XCTAssertTrue(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
        await server.stop()
    }
}

/// Resident set size from /proc, for the bounded-memory checks.
func residentMemoryBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = Int(statm.split(separator: " ")[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
