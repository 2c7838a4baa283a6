import Foundation
import TestHTTPClients
import XCTest
@testable import HTTPServer

/// What stands between a request's head and its body: a route's head check refuses before any
/// body byte is read, and the bytes of bodies in flight are capped per process and per address.
final class RequestBodyAdmissionTests: XCTestCase {
    private static let uploadLimit = 5_000_000

    private func makeServer(configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        try TestServer(configure: configure) { router in
            let checked = RouteOptions(maxBodyBytes: Self.uploadLimit) { request in
                guard request.bearerCredential == "let-me-in" else {
                    return .refuse(.json(Array("{\"error\":\"who are you\"}".utf8), status: 401))
                }
                return .admit("alice")
            }
            router.post("/checked", options: checked) { request in
                .text("\(request.admission as? String ?? "nobody") sent \(request.body.count)")
            }
            router.post("/upload", options: RouteOptions(maxBodyBytes: Self.uploadLimit)) { request in
                .text("stored \(request.body.count)")
            }
        }
    }

    private func head(_ path: String, length: Int, authorization: String? = nil) -> String {
        "POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Length: \(length)\r\n"
            + (authorization.map { "Authorization: \($0)\r\n" } ?? "") + "\r\n"
    }

    /// Polls until the server holds `bytes` of request bodies (its loops read concurrently with the test).
    private func waitForBodiesInFlight(_ server: TestServer, toBe bytes: Int, _ message: String = "") {
        let deadline = Date().addingTimeInterval(5)
        while server.server.bodyBytesInFlight != bytes && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(server.server.bodyBytesInFlight, bytes, message)
    }

    /// The client sends only the head of a 5 MB upload: the refusal arrives anyway, so the
    /// server decided without waiting for (or reading) the body.
    func testARefusedHeadIsAnsweredBeforeAnyOfTheBodyIsSent() async throws {
        let server = try makeServer()
        for authorization in [nil, "Bearer wrong"] {
            let connection = try server.connect()
            connection.send(head("/checked", length: Self.uploadLimit, authorization: authorization))
            let response = connection.readUntilClosed()
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 401 "), response)
            XCTAssertTrue(response.contains("Connection: close"), response)
            XCTAssertTrue(response.hasSuffix("{\"error\":\"who are you\"}"), response)
        }
        let admitted = try server.connect()
        admitted.send(head("/checked", length: 300_000, authorization: "Bearer let-me-in") + String(repeating: "x", count: 300_000))
        let answer = admitted.readResponses(1).first ?? ""
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), answer)
        XCTAssertTrue(answer.hasSuffix("alice sent 300000"), "the handler sees what the check admitted with: \(answer)")
        waitForBodiesInFlight(server, toBe: 0, "every reservation is returned")
        await server.stop()
    }

    /// `Expect: 100-continue` is answered only once the head check admitted the request.
    func testContinueIsSentOnlyAfterTheHeadCheckAdmits() async throws {
        let server = try makeServer()
        do {
            let refused = try server.connect()
            refused.send("POST /checked HTTP/1.1\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n")
            let refusal = refused.readUntilClosed()
            XCTAssertTrue(refusal.hasPrefix("HTTP/1.1 401 "), refusal)
        }  // closed now, so the server need not wait out its lingering close at shutdown
        let admitted = try server.connect()
        admitted.send("POST /checked HTTP/1.1\r\nContent-Length: 10\r\nExpect: 100-continue\r\nAuthorization: Bearer let-me-in\r\n\r\n")
        let invitation = String(decoding: admitted.read { $0.count >= 25 }, as: UTF8.self)
        XCTAssertEqual(invitation, "HTTP/1.1 100 Continue\r\n\r\n")
        admitted.send("0123456789")
        XCTAssertTrue((admitted.readResponses(1).first ?? "").hasSuffix("alice sent 10"))
        await server.stop()
    }

    /// Slow uploads hold their reservations: one more from the same address is refused with
    /// 429, while another address still gets through, until the process budget is full (503).
    /// A request alone in its scope is admitted whatever its size.
    func testBodiesInFlightAreCappedPerAddressAndPerProcess() async throws {
        let server = try makeServer { $0.maxBodyBytesInFlightPerAddress = 700_000; $0.maxBodyBytesInFlight = 1_300_000 }
        let body = [UInt8](repeating: 0x61, count: 600_000)
        let slow = try server.connect(from: "127.0.0.1")
        slow.send(head("/upload", length: body.count))
        slow.send(Array(body[..<1000]))
        waitForBodiesInFlight(server, toBe: 600_000)
        let otherAddress = try server.connect(from: "127.0.0.2")
        try refusals(otherAddress: otherAddress, server: server, bodyLength: body.count)

        for connection in [slow, otherAddress] {
            connection.send(Array(body[1000...]))
            XCTAssertTrue((connection.readResponses(1).first ?? "").hasSuffix("stored 600000"))
        }
        waitForBodiesInFlight(server, toBe: 0, "every reservation is returned")

        let alone = try server.connect(from: "127.0.0.1")
        alone.send(head("/upload", length: 2_000_000) + String(repeating: "c", count: 2_000_000))
        XCTAssertTrue((alone.readResponses(1).first ?? "").hasSuffix("stored 2000000"), "a lone upload may use the route's own ceiling")
        waitForBodiesInFlight(server, toBe: 0, "every reservation is returned")
        await server.stop()
    }

    /// With 600,000 bytes of 127.0.0.1 in flight: the same address is refused (also a chunked
    /// body, once it outgrows the cap), `otherAddress` is admitted, and then the process is full.
    private func refusals(otherAddress: RawConnection, server: TestServer, bodyLength: Int) throws {
        let sameAddress = try server.connect(from: "127.0.0.1")
        sameAddress.send(head("/upload", length: bodyLength))
        let tooMany = sameAddress.readUntilClosed()
        XCTAssertTrue(tooMany.hasPrefix("HTTP/1.1 429 "), tooMany)
        XCTAssertTrue(tooMany.contains("Retry-After: 1") && tooMany.contains("\"http.too_many_uploads\""), tooMany)

        let chunked = try server.connect(from: "127.0.0.1")
        chunked.send("POST /upload HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n30d40\r\n" + String(repeating: "b", count: 200_000) + "\r\n")
        let grown = chunked.readUntilClosed()
        XCTAssertTrue(grown.hasPrefix("HTTP/1.1 429 "), "a chunked body is counted as it arrives: \(grown)")

        otherAddress.send(head("/upload", length: bodyLength))
        otherAddress.send(String(repeating: "a", count: 1000))
        waitForBodiesInFlight(server, toBe: 1_200_000)
        let thirdAddress = try server.connect(from: "127.0.0.3")
        thirdAddress.send(head("/upload", length: bodyLength))
        let busy = thirdAddress.readUntilClosed()
        XCTAssertTrue(busy.hasPrefix("HTTP/1.1 503 "), busy)
        XCTAssertTrue(busy.contains("Retry-After: 1") && busy.contains("\"server.busy\""), busy)
    }

    /// A client that leaves mid-upload returns its reservation too.
    func testAnAbandonedUploadReleasesItsReservation() async throws {
        let server = try makeServer()
        do {
            let connection = try server.connect()
            connection.send(head("/upload", length: 1_000_000) + String(repeating: "d", count: 1000))
            waitForBodiesInFlight(server, toBe: 1_000_000)
            XCTAssertTrue(server.server.metrics.renderPrometheus().contains("http_request_body_bytes_in_flight 1000000"))
        }
        waitForBodiesInFlight(server, toBe: 0, "every reservation is returned")
        await server.stop()
    }
}
