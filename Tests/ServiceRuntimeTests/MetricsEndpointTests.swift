import Foundation
import TestHTTPClients
import XCTest

/// Both executables as an operator runs them: on the service's port `/metrics` needs
/// `METRICS_TOKEN` from every peer, loopback included, and no forwarding header changes that;
/// the `METRICS_PORT` listener (loopback by default) serves the same registry without one.
final class MetricsEndpointTests: XCTestCase {
    func testJarvisServesMetricsWithTheTokenOrOnTheMetricsPort() throws { try metricsAccess("jarvis") }
    func testHealthLogServesMetricsWithTheTokenOrOnTheMetricsPort() throws { try metricsAccess("healthlog") }

    private func metricsAccess(_ executable: String) throws {
        let token = "scrape-\(UUID().uuidString)"
        let service = try ServiceProcess(executable, arguments: ["--metrics-port", "0"], environment: ["METRICS_TOKEN": token])
        let metricsPort = try service.listeningPorts(2)[1]
        let tricks = [[], ["-H", "X-Forwarded-For: 127.0.0.1"], ["-H", "X-Real-IP: 127.0.0.1"], ["-H", "Forwarded: for=127.0.0.1"],
                      ["-H", "Authorization: Bearer wrong-\(token)"], ["-H", "Authorization: Basic \(token)"]]
        for headers in tricks {
            let refused = try curl(headers + [service.url + "/metrics"])
            XCTAssertEqual(refused.status, 401, "\(headers) from loopback")
            XCTAssertTrue(refused.body.contains("metrics.unauthorized"), refused.body)
            XCTAssertTrue(refused.headers.contains("WWW-Authenticate: Bearer"), refused.headers)
        }
        let scraped = try curl(["-H", "Authorization: Bearer \(token)", service.url + "/metrics"])
        XCTAssertEqual(scraped.status, 200)
        XCTAssertTrue(scraped.body.contains("# TYPE http_request_body_bytes_in_flight gauge"), scraped.body)

        let open = try curl(["-H", "X-Forwarded-For: 203.0.113.9", "http://127.0.0.1:\(metricsPort)/metrics"])
        XCTAssertEqual(open.status, 200, "the metrics port needs no token")
        XCTAssertTrue(open.body.contains("http_requests_total{method=\"GET\",route=\"/metrics\",status=\"401\"} \(tricks.count)"),
                      "it serves the service's own counts: \(open.body)")
        XCTAssertEqual(try curl(["http://127.0.0.1:\(metricsPort)/livez"]).status, 404, "and nothing else")
        let announced = service.log.filter { $0.contains("\"msg\":\"listening\"") && $0.contains("\"port\":\(metricsPort)") }
        XCTAssertTrue(announced.first?.contains("\"host\":\"127.0.0.1\"") == true, "bound to loopback by default: \(announced)")
        XCTAssertEqual(service.terminate(), 0)
    }
}
