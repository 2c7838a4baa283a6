import Foundation
import TestHTTPClients
import Glibc
import XCTest
@testable import HTTPServer

/// Shutdown, logs and metrics: what an operator relies on.
final class OperationsTests: XCTestCase {
    func testShutdownLetsTheInFlightRequestFinishThenRefusesNewConnections() async throws {
        let server = try TestServer { router in
            router.get("/slow") { _ in
                try await Task.sleep(nanoseconds: 700_000_000)
                return .text("finished")
            }
        }
        let port = server.port
        let inFlight = try server.connect()
        inFlight.send("GET /slow HTTP/1.1\r\n\r\n")
        try await Task.sleep(nanoseconds: 100_000_000)
        let shutdown = Task { await server.stop() }
        try await Task.sleep(nanoseconds: 100_000_000)
        let response = inFlight.readResponses(1).first ?? ""
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 200 OK"), response)
        XCTAssertTrue(response.contains("Connection: close"), "a draining server tells the client not to reuse the connection")
        XCTAssertTrue(response.hasSuffix("finished"))
        await shutdown.value
        XCTAssertThrowsError(try RawConnection(port: port), "the listener is closed after shutdown")
    }

    /// The loops share their port through SO_REUSEPORT, which would let a second server started
    /// on a taken port join the first silently and take part of its clients. It must fail to
    /// start instead; once the first has stopped, the port is free again (a restart works).
    func testASecondServerOnATakenPortFailsToStart() async throws {
        let first = try TestServer { router in router.get("/who") { _ in .text("first") } }
        let port = first.port
        XCTAssertThrowsError(try TestServer(configure: { $0.port = port }) { router in router.get("/who") { _ in .text("second") } }) { error in
            XCTAssertTrue(String(describing: error).contains("Address already in use"), "\(error)")
        }
        for _ in 0..<8 {
            let connection = try RawConnection(port: port)
            connection.send("GET /who HTTP/1.1\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(connection.readResponses(1).first?.hasSuffix("first") ?? false, "every connection reaches the first server")
        }
        await first.stop()
        let restarted = try TestServer(configure: { $0.port = port }) { router in router.get("/who") { _ in .text("restarted") } }
        XCTAssertEqual(restarted.port, port)
        await restarted.stop()
    }

    /// Two servers started at the same instant both find the port free; the claim one of them
    /// holds from before its probe to its shutdown stops the other.
    func testAServerStartingOnAClaimedPortFailsToStart() async throws {
        let probe = try TestServer { _ in }
        let port = probe.port
        await probe.stop()  // a port that was free a moment ago
        let claim = try Socket.claimPort(host: "127.0.0.1", port: port)
        XCTAssertThrowsError(try TestServer(configure: { $0.port = port }) { _ in }) { error in
            XCTAssertTrue(String(describing: error).contains("another server is starting"), "\(error)")
        }
        close(claim)
        let started = try TestServer(configure: { $0.port = port }) { _ in }
        XCTAssertThrowsError(try Socket.claimPort(host: "127.0.0.1", port: port), "a running server holds its claim")
        await started.stop()
        close(try Socket.claimPort(host: "127.0.0.1", port: port))  // and lets it go at shutdown
    }

    func testShutdownClosesIdleKeepAliveConnectionsPromptly() async throws {
        let server = try TestServer { router in router.get("/a") { _ in .text("a") } }
        let idle = try server.connect()
        idle.send("GET /a HTTP/1.1\r\n\r\n")
        XCTAssertEqual(idle.readResponses(1).count, 1)
        let started = Date()
        await server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertTrue(idle.isClosedByPeer())
    }

    func testAccessLogRedactsSecretRouteParametersAndSensitiveQueryValues() async throws {
        let redactor = LogRedactor()
        redactor.register(secret: "registered-secret-value")
        let server = try TestServer(redactor: redactor) { router in
            router.post("/api/withings/webhook/{token}", options: RouteOptions(secretParameters: ["token"])) { _ in .text("ok") }
            router.get("/echo") { request in .text(request.query["note"] ?? "") }
        }
        let connection = try server.connect()
        connection.send("POST /api/withings/webhook/path-secret-123?appli=4 HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
        connection.send("GET /echo?access_token=abc123xyz&note=registered-secret-value HTTP/1.1\r\n\r\n")
        XCTAssertEqual(connection.readResponses(2).count, 2)
        await server.stop()
        let log = server.logs.contents.joined()
        XCTAssertTrue(log.contains("\"path\":\"/api/withings/webhook/[REDACTED]?appli=4\""), log)
        XCTAssertTrue(log.contains("\"route\":\"/api/withings/webhook/{token}\""))
        XCTAssertFalse(log.contains("path-secret-123"))
        XCTAssertFalse(log.contains("abc123xyz"))
        XCTAssertFalse(log.contains("registered-secret-value"))
    }

    func testEveryAccessLogLineIsOneJSONObjectWithTheRequestId() async throws {
        let server = try TestServer { router in router.get("/a") { _ in .text("a") } }
        let connection = try server.connect()
        connection.send("GET /a HTTP/1.1\r\nX-Request-Id: client-chosen-id-42\r\n\r\n")
        let response = connection.readResponses(1).first ?? ""
        XCTAssertTrue(response.contains("X-Request-Id: client-chosen-id-42\r\n"))
        await server.stop()
        let requestLines = server.logs.contents.filter { $0.contains("\"msg\":\"request\"") }
        XCTAssertEqual(requestLines.count, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(requestLines[0].utf8)) as? [String: Any])
        XCTAssertEqual(object["requestId"] as? String, "client-chosen-id-42")
        XCTAssertEqual(object["status"] as? Int, 200)
        XCTAssertEqual(object["route"] as? String, "/a")
    }

    /// One clock reading serves a response: its `Date` header and its log line's timestamp show the
    /// same second, near the wall clock's; a generated request id is the same in both places.
    func testResponseDateAndLogTimestampComeFromOneReading() async throws {
        let server = try TestServer { router in router.get("/a") { _ in .text("a") } }
        let connection = try server.connect()
        let before = Date()
        connection.send("GET /a HTTP/1.1\r\n\r\n")
        let response = connection.readResponses(1).first ?? ""
        let after = Date()
        await server.stop()
        let line = try XCTUnwrap(server.logs.contents.first { $0.contains("\"msg\":\"request\"") })
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let requestID = try XCTUnwrap(object["requestId"] as? String)
        XCTAssertNotNil(requestID.range(of: "^[0-9a-f]{32}$", options: .regularExpression), requestID)
        XCTAssertTrue(response.contains("X-Request-Id: \(requestID)\r\n"), response)

        let dateValue = try XCTUnwrap(response.components(separatedBy: "\r\n").first { $0.hasPrefix("Date: ") }?.dropFirst(6))
        let httpDate = DateFormatter()
        httpDate.locale = Locale(identifier: "en_US_POSIX")
        httpDate.timeZone = TimeZone(identifier: "GMT")
        httpDate.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = try XCTUnwrap(httpDate.date(from: String(dateValue)), String(dateValue))
        XCTAssertTrue(date >= before.addingTimeInterval(-1.5) && date <= after.addingTimeInterval(1.5), "\(date) not near \(before)")
        let timestamp = try XCTUnwrap(object["ts"] as? String)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let logged = try XCTUnwrap(iso.date(from: timestamp), timestamp)
        XCTAssertEqual(floor(logged.timeIntervalSince1970), date.timeIntervalSince1970, "\(timestamp) vs \(dateValue)")
    }

    func testMalformedClientRequestIdIsReplaced() async throws {
        let server = try TestServer { router in router.get("/a") { _ in .text("a") } }
        let connection = try server.connect()
        connection.send("GET /a HTTP/1.1\r\nX-Request-Id: bad id with spaces\r\n\r\n")
        let response = connection.readResponses(1).first ?? ""
        XCTAssertFalse(response.contains("bad id"))
        XCTAssertNotNil(response.range(of: "X-Request-Id: [0-9a-f]{32}\r\n", options: .regularExpression))
        await server.stop()
    }

    func testMetricsRecordStatusRouteAndLatency() async throws {
        let server = try TestServer { router in
            router.get("/items/{id}") { _ in .text("x") }
        }
        let counter = server.server.metrics.counter("legacy_path_total", help: "Requests on a deprecated path.")
        counter.increment()
        let connection = try server.connect()
        connection.send("GET /items/1 HTTP/1.1\r\n\r\nGET /items/2 HTTP/1.1\r\n\r\nDELETE /items/3 HTTP/1.1\r\n\r\n")
        XCTAssertEqual(connection.readResponses(3).count, 3)
        let text = server.server.metrics.renderPrometheus()
        XCTAssertTrue(text.contains("http_requests_total{method=\"GET\",route=\"/items/{id}\",status=\"200\"} 2"), text)
        XCTAssertTrue(text.contains("http_requests_total{method=\"DELETE\",route=\"unmatched\",status=\"405\"} 1"))
        XCTAssertTrue(text.contains("http_request_duration_seconds_count{method=\"GET\",route=\"/items/{id}\"} 2"))
        XCTAssertTrue(text.contains("# TYPE legacy_path_total counter\nlegacy_path_total 1\n"))
        await server.stop()
    }
}
