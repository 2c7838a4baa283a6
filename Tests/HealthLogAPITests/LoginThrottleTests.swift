import Foundation
import XCTest

/// The guessing throttle over real HTTP: attempts are counted before the password is checked (so
/// parallel guesses cannot outrun it), per e-mail and per client address, with the client address
/// taken from `X-Forwarded-For` only behind a trusted proxy and IPv6 keyed by /64.
final class LoginThrottleTests: XCTestCase {
    func testThirtyParallelWrongPasswordsGetAtMostFive401sAndTheRest429OnSQLite() async throws { try await parallel(.sqlite) }
    func testThirtyParallelWrongPasswordsGetAtMostFive401sAndTheRest429OnPostgres() async throws { try await parallel(.postgres) }
    func testTheTwentyFirstAttemptFromOneAddressIs429WhateverTheEmailOnSQLite() async throws { try await perAddress(.sqlite) }
    func testTheTwentyFirstAttemptFromOneAddressIs429WhateverTheEmailOnPostgres() async throws { try await perAddress(.postgres) }
    func testSuccessfulLoginsDoNotUseUpTheAddressBudgetOnSQLite() async throws { try await successesAreFree(.sqlite) }
    func testSuccessfulLoginsDoNotUseUpTheAddressBudgetOnPostgres() async throws { try await successesAreFree(.postgres) }
    func testFailedLoginWritesAuthLoginFailedWithTheAccountWhenKnownOnSQLite() async throws { try await failedRow(.sqlite) }
    func testFailedLoginWritesAuthLoginFailedWithTheAccountWhenKnownOnPostgres() async throws { try await failedRow(.postgres) }

    func testAnAttackerAddressCannotLockTheOwnerOutOnSQLite() async throws { try await noLockout(.sqlite) }
    func testAnAttackerAddressCannotLockTheOwnerOutOnPostgres() async throws { try await noLockout(.postgres) }
    func testTheEmailWideBackOffGrowsAcrossAddressesOnSQLite() async throws { try await growingBackOff(.sqlite) }
    func testTheEmailWideBackOffGrowsAcrossAddressesOnPostgres() async throws { try await growingBackOff(.postgres) }

    func testASuccessGivesBackOnlyItsOwnPairsAttemptsOnSQLite() async throws { try await exactRefund(.sqlite) }
    func testASuccessGivesBackOnlyItsOwnPairsAttemptsOnPostgres() async throws { try await exactRefund(.postgres) }

    func testForwardedForIsIgnoredWhenThePeerIsNotATrustedProxy() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try spendAddressBudget(harness) { ["X-Forwarded-For: 198.51.100.\($0)"] }
        let forged = try harness.login("fresh@example.com", password: "x", headers: ["X-Forwarded-For: 198.51.100.99"])
        XCTAssertEqual(forged.status, 429, "a forged X-Forwarded-For must not buy a fresh budget")
    }

    func testForwardedForFromATrustedProxyKeysByClientAndIPv6ByItsSlash64() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite, environment: ["HEALTHLOG_TRUSTED_PROXIES": "10.0.0.1, 127.0.0.1"])
        // Each attempt from another address of one /64, through two proxies.
        try spendAddressBudget(harness) { ["X-Forwarded-For: 2001:db8:0:7::\(String($0, radix: 16)), 10.0.0.1"] }
        let sameNetwork = try harness.login("fresh@example.com", password: "x", headers: ["X-Forwarded-For: 2001:db8::7:ffff:1:2:3"])
        XCTAssertEqual(sameNetwork.status, 429, "the whole /64 shares one budget")
        let otherNetwork = try harness.login("fresh@example.com", password: "x", headers: ["X-Forwarded-For: 2001:db8:0:8::1"])
        XCTAssertEqual(otherNetwork.status, 401, "another /64 has its own budget")
        let otherClient = try harness.login("fresh2@example.com", password: "x", headers: ["X-Forwarded-For: 192.0.2.10"])
        XCTAssertEqual(otherClient.status, 401, "behind a trusted proxy each client has its own budget")
    }

    /// A dual-stack listener shows IPv4 peers as `::ffff:a.b.c.d`: each is still its own IPv4
    /// client (not all of them one `::/64`), and a proxy trusted by either spelling is trusted.
    func testIPv4MappedAddressesAreTheirIPv4Clients() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite, environment: ["HEALTHLOG_TRUSTED_PROXIES": "::ffff:127.0.0.1"])
        try spendAddressBudget(harness) { _ in ["X-Forwarded-For: ::ffff:198.51.100.7"] }
        let sameClient = try harness.login("fresh@example.com", password: "x", headers: ["X-Forwarded-For: 198.51.100.7"])
        XCTAssertEqual(sameClient.status, 429, "both spellings are one client, behind a proxy trusted as ::ffff:127.0.0.1")
        let otherClient = try harness.login("fresh@example.com", password: "x", headers: ["X-Forwarded-For: ::ffff:198.51.100.9"])
        XCTAssertEqual(otherClient.status, 401, "another IPv4 client has its own budget")
    }

    /// Failed logins per client address and window before 429.
    private static let addressBudget = 20

    /// One client's whole address budget, each attempt a wrong password for another unknown
    /// e-mail (so no per-account limit is reached) sent with `headers(attempt)`: all 401.
    private func spendAddressBudget(_ harness: HealthLogHarness, headers: (Int) -> [String]) throws {
        for attempt in 1...Self.addressBudget {
            let result = try harness.login("nobody\(attempt)@example.com", password: "x", headers: headers(attempt))
            XCTAssertEqual(result.status, 401, "attempt \(attempt)")
        }
    }

    /// A server behind a trusted proxy on loopback, so each test client is its `X-Forwarded-For`.
    private func proxiedHarness(_ backend: TestBackend) async throws -> HealthLogHarness {
        try await HealthLogHarness.start(self, backend, environment: ["HEALTHLOG_TRUSTED_PROXIES": "127.0.0.1"])
    }

    private func from(_ address: String) -> [String] { ["X-Forwarded-For: \(address)"] }

    /// One address guessing an owner's password is stopped on that (e-mail, address) pair, while
    /// the owner signs in from their own address; the attacker signing in to their own account
    /// gives the victim pair nothing back.
    private func noLockout(_ backend: TestBackend) async throws {
        let harness = try await proxiedHarness(backend)
        try harness.createUser("owner@example.com")
        try harness.createUser("attacker@example.com")
        let attacker = "198.51.100.66", owner = "203.0.113.5"
        let burst = try (1...8).map { try harness.login("owner@example.com", password: "guess \($0)", headers: from(attacker)).status }
        XCTAssertEqual(burst, [401, 401, 401, 401, 401, 429, 429, 429])
        let signedIn = try harness.login("owner@example.com", headers: from(owner))
        XCTAssertEqual(signedIn.status, 200, "the owner from another address is not locked out: \(signedIn.body)")
        XCTAssertEqual(try harness.login("attacker@example.com", headers: from(attacker)).status, 200)
        let again = try harness.login("owner@example.com", headers: from(attacker))
        XCTAssertEqual(again.status, 429, "the attacker's own login refunds nothing of the victim pair")
        XCTAssertEqual(again.errorCode, "auth.throttled")
        XCTAssertEqual(try harness.login("owner@example.com", password: "typo", headers: from(owner)).status, 401,
                       "the owner's success gave back only the owner pair's attempts")
    }

    /// Many addresses, each within its pair limit: after 20 attempts for the e-mail, each further
    /// accepted attempt holds the next one back twice as long (1 s, 2 s, 4 s), and attempts
    /// refused meanwhile are not counted.
    private func growingBackOff(_ backend: TestBackend) async throws {
        let harness = try await proxiedHarness(backend)
        try harness.createUser("target@example.com")
        var next = 0
        func guess() throws -> HTTPResult {
            next += 1
            return try harness.login("target@example.com", password: "guess \(next)", headers: from("198.51.\(next / 256).\(next % 256)"))
        }
        for attempt in 1...20 { XCTAssertEqual(try guess().status, 401, "attempt \(attempt) from its own address") }
        // Accepted attempts past the 20th → the longest Retry-After seen after them.
        var accepted = 0, longest: [Int: Int] = [:]
        let deadline = Date().addingTimeInterval(15)
        while longest[3] == nil, Date() < deadline {
            let result = try guess()
            if result.status == 401 { accepted += 1; continue }
            XCTAssertEqual(result.status, 429, result.body)
            longest[accepted] = max(longest[accepted] ?? 0, Int(result.header("Retry-After") ?? "") ?? 0)
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        XCTAssertEqual(longest[0], nil, "the 21st attempt is not held back")
        XCTAssertEqual(longest[1] ?? 1, 1, "\(longest)")
        XCTAssertTrue((1...2).contains(longest[2] ?? 0), "\(longest)")
        XCTAssertTrue((3...4).contains(longest[3] ?? 0), "\(longest)")
    }

    /// 16 guesses from four addresses, then the owner's two typos and success: the success gives
    /// back its own pair's three attempts, not the guesses, so the e-mail counter is at 16 and the
    /// back-off starts after five more (had the success cleared the counter, 20 more would pass).
    private func exactRefund(_ backend: TestBackend) async throws {
        let harness = try await proxiedHarness(backend)
        try harness.createUser("owner@example.com")
        for address in 1...4 {
            for attempt in 1...4 {
                let status = try harness.login("owner@example.com", password: "guess \(attempt)", headers: from("198.51.100.\(address)")).status
                XCTAssertEqual(status, 401, "address \(address), attempt \(attempt)")
            }
        }
        for typo in ["typo 1", "typo 2"] {
            XCTAssertEqual(try harness.login("owner@example.com", password: typo, headers: from("203.0.113.5")).status, 401)
        }
        XCTAssertEqual(try harness.login("owner@example.com", headers: from("203.0.113.5")).status, 200)
        for address in 11...15 {
            let status = try harness.login("owner@example.com", password: "guess", headers: from("198.51.100.\(address)")).status
            XCTAssertEqual(status, 401, "attempts 17 to 21 for the e-mail pass (from 198.51.100.\(address))")
        }
        // The 21st held the next back for 1 s; should a second tick pass, the 22nd holds the next for 2 s.
        let next = try (16...17).map { try harness.login("owner@example.com", password: "guess", headers: from("198.51.100.\($0)")).status }
        XCTAssertTrue(next.contains(429), "the back-off began after the 21st: \(next)")
    }

    private func parallel(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("target@example.com")
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for attempt in 0..<30 { group.addTask { try harness.login("target@example.com", password: "guess \(attempt)").status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let unauthorized = statuses.filter { $0 == 401 }.count
        XCTAssertTrue((1...5).contains(unauthorized), "\(unauthorized) guesses were checked: \(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 429 }.count, 30 - unauthorized, "\(statuses)")
        XCTAssertEqual(try harness.login("target@example.com").status, 429, "the right password waits out the window too")
    }

    private func perAddress(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try spendAddressBudget(harness) { _ in [] }
        let throttled = try harness.login("fresh@example.com", password: "x")
        XCTAssertEqual(throttled.status, 429)
        XCTAssertEqual(throttled.errorCode, "auth.throttled")
        XCTAssertTrue((1...900).contains(Int(throttled.header("Retry-After") ?? "") ?? 0), throttled.headers.description)
    }

    private func successesAreFree(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("busy@example.com")
        for attempt in 1...25 { XCTAssertEqual(try harness.login("busy@example.com").status, 200, "login \(attempt)") }
        XCTAssertEqual(try harness.login("busy@example.com", password: "typo").status, 401, "the budget is still there")
    }

    private func failedRow(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("fail@example.com")
        XCTAssertEqual(try harness.login("fail@example.com", password: "wrong").status, 401)
        XCTAssertEqual(try harness.login("ghost@example.com", password: "wrong").status, 401)
        let mine = try await harness.auditActions(userID: userID)
        XCTAssertEqual(mine, ["auth.login.failed"])
        let anonymous = try await harness.auditActions(userID: nil)
        XCTAssertEqual(anonymous, ["auth.login.failed"], "an unknown address is recorded without an account")
    }
}
