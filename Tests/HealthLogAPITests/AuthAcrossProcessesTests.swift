import Foundation
import XCTest

/// Two servers on one database, as two processes behind a load balancer: the login throttle and
/// a logout hold on both, because their state is rows, not memory.
final class AuthAcrossProcessesTests: XCTestCase {
    func testParallelGuessesOnTwoServersShareOnePairBudgetOnSQLite() async throws { try await sharedThrottle(.sqlite) }
    func testParallelGuessesOnTwoServersShareOnePairBudgetOnPostgres() async throws { try await sharedThrottle(.postgres) }
    func testALogoutOnOneServerIsHonouredByTheOtherOnSQLite() async throws { try await sharedLogout(.sqlite) }
    func testALogoutOnOneServerIsHonouredByTheOtherOnPostgres() async throws { try await sharedLogout(.postgres) }

    private func sharedThrottle(_ backend: TestBackend) async throws {
        let servers = try await TwinServers.start(self, backend)
        _ = try servers.bearer(for: "shared@example.com")
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for attempt in 0..<16 {
                let url = servers.urls[attempt % 2] + "/api/auth/login"
                group.addTask { try http("POST", url, json: #"{"email":"shared@example.com","password":"guess \#(attempt)"}"#).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let checked = statuses.filter { $0 == 401 }.count
        XCTAssertTrue((1...5).contains(checked), "one (e-mail, address) budget across both servers: \(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 429 }.count, 16 - checked, "\(statuses)")
    }

    private func sharedLogout(_ backend: TestBackend) async throws {
        let servers = try await TwinServers.start(self, backend)
        let token = try servers.bearer(for: "twin@example.com")
        XCTAssertEqual(try http("GET", servers.urls[1] + "/api/auth/me", bearer: token).status, 200)
        XCTAssertEqual(try http("POST", servers.urls[0] + "/api/auth/logout", bearer: token).status, 204)
        XCTAssertEqual(try http("GET", servers.urls[1] + "/api/auth/me", bearer: token).status, 401)
    }
}
