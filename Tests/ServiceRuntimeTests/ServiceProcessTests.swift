import Foundation
import TestHTTPClients
import XCTest

/// The executables as an operator runs them: real processes, real ports, curl, signals.
final class ServiceProcessTests: XCTestCase {
    func testJarvisServesLivezAndAnswersUnknownRoutesInItsErrorShape() throws {
        let service = try ServiceProcess("jarvis")
        let live = try curl([service.url + "/livez"])
        XCTAssertEqual(live.status, 200)
        XCTAssertEqual(live.body, "{\"status\":\"ok\"}")
        let missing = try curl([service.url + "/stories/nope/extra"])
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.body, "{\"error\":{\"code\":\"route.not_found\",\"message\":\"No route for GET /stories/nope/extra\"}}")
        XCTAssertTrue(missing.headers.contains("Server: jarvis/"))
        XCTAssertEqual(service.terminate(), 0)
    }

    func testHealthLogErrorsUseTheDataErrorMetaEnvelope() throws {
        let service = try ServiceProcess("healthlog")
        let missing = try curl([service.url + "/api/nope"])
        XCTAssertEqual(missing.status, 404)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(missing.body.utf8)) as? [String: Any])
        XCTAssertTrue(json["data"] is NSNull, "data must be present and null")
        XCTAssertEqual(json["error"] as? String, "No route for GET /api/nope")
        XCTAssertEqual((json["meta"] as? [String: Any])?["errorCode"] as? String, "route.not_found")
        let wrongMethod = try curl(["-X", "POST", service.url + "/livez"])
        XCTAssertEqual(wrongMethod.status, 405)
        XCTAssertTrue(wrongMethod.headers.contains("Allow: GET, HEAD"), wrongMethod.headers)
        XCTAssertTrue(wrongMethod.body.contains("\"errorCode\":\"route.method_not_allowed\""), wrongMethod.body)
        XCTAssertEqual(service.terminate(), 0)
    }

    func testMetricsCountRequestsByRoutePattern() throws {
        let service = try ServiceProcess("jarvis", environment: ["METRICS_TOKEN": "scrape-s3cret"])
        for _ in 0..<3 { _ = try curl([service.url + "/livez"]) }
        _ = try curl([service.url + "/unknown/zq-raw-path-zq"])
        let metrics = try curl(["-H", "Authorization: Bearer scrape-s3cret", service.url + "/metrics"])
        XCTAssertEqual(metrics.status, 200)
        XCTAssertTrue(metrics.headers.contains("text/plain; version=0.0.4"))
        XCTAssertTrue(metrics.body.contains("http_requests_total{method=\"GET\",route=\"/livez\",status=\"200\"} 3"), metrics.body)
        XCTAssertTrue(metrics.body.contains("http_requests_total{method=\"GET\",route=\"unmatched\",status=\"404\"} 1"))
        XCTAssertTrue(metrics.body.contains("http_request_duration_seconds_bucket{method=\"GET\",route=\"/livez\",le=\"+Inf\"} 3"))
        XCTAssertTrue(metrics.body.contains("# TYPE http_open_connections gauge"))
        XCTAssertFalse(metrics.body.contains("zq-raw-path-zq"), "raw paths must not become label values")
        XCTAssertEqual(service.terminate(), 0)
    }

    func testSecretsNeverReachTheLogs() throws {
        let token = "jarvis-token-\(UUID().uuidString)"
        let service = try ServiceProcess("jarvis", environment: ["JARVIS_API_TOKEN": token])
        _ = try curl(["-H", "Authorization: Bearer \(token)", service.url + "/livez?token=\(token)&page=2"])
        _ = try curl([service.url + "/feeds/\(token)?password=hunter22"])
        XCTAssertEqual(service.terminate(), 0)
        let log = service.log.joined(separator: "\n")
        XCTAssertTrue(log.contains("\"msg\":\"request\""), "access log lines must exist for the check to mean anything")
        XCTAssertFalse(log.contains(token), log)
        XCTAssertFalse(log.contains("hunter22"), log)
        XCTAssertTrue(log.contains("page=2"), "non-secret query parameters stay readable")
    }

    func testSIGTERMFinishesAndExitsCleanly() throws {
        let service = try ServiceProcess("jarvis")
        _ = try curl([service.url + "/livez"])
        XCTAssertEqual(service.terminate(), 0)
        XCTAssertNotNil(service.log.first { $0.contains("\"msg\":\"shutting down\"") })
        XCTAssertNotNil(service.log.first { $0.contains("\"msg\":\"stopped\"") })
    }

    /// SIGTERM sent the moment the server announces it listens, before any request: the handlers
    /// are in place by then, so the process shuts down cleanly instead of ignoring the signal.
    func testSIGTERMRightAfterListeningIsNotLost() throws {
        for _ in 0..<5 {
            let service = try ServiceProcess("jarvis")
            XCTAssertEqual(service.terminate(), 0)
            XCTAssertNotNil(service.log.first { $0.contains("\"msg\":\"stopped\"") })
        }
    }

    func testInvalidOptionsExitWithUsage() throws {
        let result = try Subprocess.run(ServiceProcess.buildDirectory.appendingPathComponent("healthlog").path,
                                        ["serve", "--port", "http"])
        let text = String(decoding: result.error, as: UTF8.self)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(text.contains("--port must be a port number"), text)
        XCTAssertTrue(text.contains("--database URL"))
    }

    func testDefaultDatabaseFileIsCreatedUnderTheWorkingDirectory() throws {
        let service = try ServiceProcess("healthlog")
        XCTAssertTrue(FileManager.default.fileExists(atPath: service.directory.appendingPathComponent("data/healthlog.sqlite").path))
        XCTAssertEqual(service.terminate(), 0)
    }
}
