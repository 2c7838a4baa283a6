import APIToolkit
import HTTPServer
@testable import ServiceRuntime
import XCTest

/// `/metrics` answers a scraper on this machine, or one with `METRICS_TOKEN`; nobody else.
final class MetricsAccessTests: XCTestCase {
    private func allowed(_ access: MetricsAccess, from peer: String, authorization: String? = nil,
                         forwardedBy header: String? = nil) -> Bool {
        var headers = HTTPHeaders()
        if let authorization { headers.add("Authorization", authorization) }
        if let header { headers.add(header, "203.0.113.9") }
        do {
            try access.check(Request(method: "GET", target: "/metrics", headers: headers, remoteAddress: peer))
            return true
        } catch let error as APIError {
            XCTAssertEqual(error.status, 403)
            return false
        } catch {
            XCTFail("unexpected \(error)")
            return false
        }
    }

    func testLoopbackPeersAreServedWithoutAToken() throws {
        let access = try MetricsAccess(environment: [:])
        for peer in ["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"] { XCTAssertTrue(allowed(access, from: peer), peer) }
        for peer in ["203.0.113.9", "10.0.0.5", "::ffff:10.0.0.1", "2001:db8::1", "1270.0.0.1.example"] {
            XCTAssertFalse(allowed(access, from: peer), peer)
        }
    }

    /// A proxy on this machine connects over loopback on behalf of internet clients.
    func testARequestAProxyForwardedIsNotFromThisMachine() throws {
        let access = try MetricsAccess(environment: [:])
        for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP"] {
            XCTAssertFalse(allowed(access, from: "127.0.0.1", forwardedBy: header), header)
        }
    }

    func testAServiceCanAcceptItsOwnTokenToo() throws {
        var access = try MetricsAccess(environment: [:])
        access.accept(token: "api-token")
        access.accept(token: "")
        XCTAssertTrue(allowed(access, from: "127.0.0.1", authorization: "Bearer api-token", forwardedBy: "X-Forwarded-For"))
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

    func testOtherPeersNeedTheMetricsToken() throws {
        let access = try MetricsAccess(environment: [MetricsAccess.environmentName: "scrape-s3cret"])
        XCTAssertTrue(allowed(access, from: "203.0.113.9", authorization: "Bearer scrape-s3cret"))
        XCTAssertTrue(allowed(access, from: "203.0.113.9", authorization: "bearer scrape-s3cret"))
        XCTAssertFalse(allowed(access, from: "203.0.113.9", authorization: "Bearer scrape-s3cre"))
        XCTAssertFalse(allowed(access, from: "203.0.113.9"))
        XCTAssertFalse(allowed(try MetricsAccess(environment: [MetricsAccess.environmentName: ""]), from: "203.0.113.9",
                               authorization: "Bearer "), "an empty token opens nothing")
    }
}
