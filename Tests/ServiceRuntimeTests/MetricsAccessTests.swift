import APIToolkit
import HTTPServer
@testable import ServiceRuntime
import XCTest

/// `/metrics` on a service's own port answers only an accepted bearer token, wherever the
/// request comes from (over HTTP: `MetricsEndpointTests`).
final class MetricsAccessTests: XCTestCase {
    private func allowed(_ access: MetricsAccess, from peer: String, authorization: String? = nil,
                         forwardedBy header: String? = nil) -> Bool {
        var headers = HTTPHeaders()
        if let authorization { headers.add("Authorization", authorization) }
        if let header { headers.add(header, "127.0.0.1") }
        do {
            try access.check(Request(method: "GET", target: "/metrics", headers: headers, remoteAddress: peer))
            return true
        } catch let error as APIError {
            XCTAssertEqual(error.status, 401)
            XCTAssertEqual(error.code, "metrics.unauthorized")
            return false
        } catch {
            XCTFail("unexpected \(error)")
            return false
        }
    }

    /// A proxy on this machine, or a request forged through it, connects over loopback too.
    func testLoopbackPeersNeedTheTokenLikeAnyOther() throws {
        let access = try MetricsAccess(environment: [MetricsAccess.environmentName: "scrape-s3cret"])
        for peer in ["127.0.0.1", "::1", "::ffff:127.0.0.1", "203.0.113.9"] {
            XCTAssertFalse(allowed(access, from: peer), peer)
            for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP"] {
                XCTAssertFalse(allowed(access, from: peer, forwardedBy: header), "\(peer) \(header)")
            }
            XCTAssertTrue(allowed(access, from: peer, authorization: "Bearer scrape-s3cret"), peer)
        }
    }

    func testWithoutAnyTokenNothingIsServedOnTheServicePort() throws {
        let access = try MetricsAccess(environment: [:])
        XCTAssertFalse(allowed(access, from: "127.0.0.1"))
        XCTAssertFalse(allowed(access, from: "127.0.0.1", authorization: "Bearer "))
    }

    func testAServiceCanAcceptItsOwnTokenToo() throws {
        var access = try MetricsAccess(environment: [:])
        access.accept(token: "api-token")
        access.accept(token: "")
        XCTAssertTrue(allowed(access, from: "203.0.113.9", authorization: "Bearer api-token"))
        XCTAssertFalse(allowed(access, from: "203.0.113.9", authorization: "Bearer "))
    }

    /// A header carries one token without whitespace, so such a token could never be presented:
    /// start-up stops, naming the variable, rather than refusing every scrape in silence.
    func testATokenNoHeaderCanCarryStopsStartUp() {
        for token in ["my scrape token", "scrape-s3cret\n", " scrape-s3cret", "tab\there"] {
            XCTAssertThrowsError(try MetricsAccess(environment: [MetricsAccess.environmentName: token]), token) { error in
                XCTAssertTrue(String(describing: error).contains("METRICS_TOKEN"), "\(error)")
            }
        }
    }

    func testOnlyTheExactTokenOpensMetrics() throws {
        let access = try MetricsAccess(environment: [MetricsAccess.environmentName: "scrape-s3cret"])
        XCTAssertTrue(allowed(access, from: "203.0.113.9", authorization: "bearer scrape-s3cret"))
        XCTAssertFalse(allowed(access, from: "203.0.113.9", authorization: "Bearer scrape-s3cre"))
        XCTAssertFalse(allowed(try MetricsAccess(environment: [MetricsAccess.environmentName: ""]), from: "203.0.113.9",
                               authorization: "Bearer "), "an empty token opens nothing")
    }
}
