import APIToolkit
import Foundation
import HTTPServer
@testable import HealthLogAPI
import Secrets
import ServiceRuntime
import Storage
import XCTest

/// A real HealthLog server on a loopback port over a fresh database, plus a second database
/// handle on the same storage (as another process would have) to check what the server wrote.
final class HealthLogHarness: @unchecked Sendable {
    // Written once in `start`, then only read.
    let server: HTTPServer
    let database: Database
    let url: String
    /// The storage both handles use, for tests that open one more (another process's view).
    let databaseURL: String

    static let password = "correct horse battery staple"

    /// The route tests register to exercise the assistant gate; the product has no such route.
    static let coachProbe = Endpoint(
        .get, "/api/test/coach-probe", operationId: "coachProbe", summary: "Gated probe (tests only)",
        tags: ["test"], access: .user, gate: .coach,
        success: OpenAPIResponse(200, "Gate open", schema: .object { Property("ok", .boolean) })
    ) { context in
        { _ in try context.responses.ok(["ok": true]) }
    }

    /// A gated endpoint with a body: the gate must answer before the body is decoded.
    static let coachBodyProbe = Endpoint(
        .post, "/api/test/coach-probe", operationId: "coachBodyProbe", summary: "Gated probe with a body (tests only)",
        tags: ["test"], access: .user, gate: .coach, body: ProbeBody.self,
        success: OpenAPIResponse(200, "Gate open", schema: .object { Property("ok", .boolean) })
    ) { context in
        { _, _ in try context.responses.ok(["ok": true]) }
    }

    struct ProbeBody: RequestBody {
        let note: String
        static let schema: Schema = .object("ProbeBody") { Property("note", .string()) }
    }

    struct LoginFailed: Error, CustomStringConvertible {
        let result: HTTPResult
        var description: String { "login failed: \(result.status) \(result.body)" }
    }

    private init(server: HTTPServer, database: Database, databaseURL: String) {
        self.server = server
        self.database = database
        self.url = "http://127.0.0.1:\(server.port)"
        self.databaseURL = databaseURL
    }

    static let testEndpoints = [coachProbe, coachBodyProbe]

    static func start(_ test: XCTestCase, _ backend: TestBackend,
                      environment: [String: String] = [:]) async throws -> HealthLogHarness {
        let databaseURL = try test.makeDatabaseURL(backend)
        let service = HealthLogService(additionalEndpoints: testEndpoints)
        let options = try ServiceOptions.parse(["--port", "0", "--database", databaseURL, "--no-access-log"],
                                               environment: [:], defaults: service.defaults)
        let server = try await ServiceRunner.start(service, options: options,
                                                   environment: environment.merging(["HEALTHLOG_PASSWORD_HASH_COST": "minimal",
                                                                                       MetricsAccess.environmentName: metricsToken]) { $1 },
                                                   logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        let database = try Database.open(url: databaseURL, poolSize: 1)
        let harness = HealthLogHarness(server: server, database: database, databaseURL: databaseURL)
        test.addTeardownBlock {
            await server.shutdown()
            database.close()
        }
        return harness
    }

    @discardableResult
    func createUser(_ email: String, role: UserRole = .user, timezone: String = "Europe/Berlin") throws -> String {
        try UserAccounts.create(UserAccounts.NewAccount(email: email, password: Self.password, role: role, timezone: timezone),
                                hasher: .minimal, database: database)
    }

    func login(_ email: String, password: String = HealthLogHarness.password, userAgent: String = UserAgents.iOS,
               headers: [String] = []) throws -> HTTPResult {
        let body = try String(decoding: JSONSerializer.serialize(["email": .string(email), "password": .string(password)]), as: UTF8.self)
        return try http("POST", url + "/api/auth/login", json: body, userAgent: userAgent, headers: headers)
    }

    /// Signs in as a native client and returns (access token, refresh token); a failed login
    /// fails the test (it is never a reason to skip).
    func nativeTokens(_ email: String) throws -> (access: String, refresh: String) {
        let result = try login(email)
        guard result.status == 200, let access = result.data["accessToken"] as? String,
              let refresh = result.data["refreshToken"] as? String else {
            throw LoginFailed(result: result)
        }
        return (access, refresh)
    }

    /// Signs in as a browser and returns the `Cookie` header value of the session. The cookie is
    /// `__Host-…` and `Secure`, which curl keeps out of a plain-HTTP cookie jar, so tests send it
    /// as an explicit `Cookie` header, exactly as a browser on `localhost` would.
    func browserSession(_ email: String) throws -> String {
        let result = try login(email, userAgent: UserAgents.browser)
        guard result.status == 200, let setCookie = result.header("Set-Cookie") else { throw LoginFailed(result: result) }
        return String(setCookie.split(separator: ";")[0])
    }

    /// The `Origin` header of a page served by this server.
    var sameOrigin: String { "Origin: \(url)" }

    func refresh(_ token: String, revoke: Bool = false) throws -> HTTPResult {
        let json = revoke ? #"{"refreshToken":"\#(token)","revoke":true}"# : #"{"refreshToken":"\#(token)"}"#
        return try http("POST", url + "/api/auth/refresh", json: json)
    }

    func get(_ path: String, bearer: String? = nil, cookie: String? = nil) throws -> HTTPResult {
        try http("GET", url + path, bearer: bearer, cookie: cookie)
    }

    /// The scraper's token the harness starts the server with (`METRICS_TOKEN`).
    static let metricsToken = "harness-metrics-token"

    /// `/metrics` as a scraper reads it, with the metrics token.
    func metrics() throws -> String {
        try get("/metrics", bearer: Self.metricsToken).body
    }

    /// Audit actions recorded for `userID` (or for no user), oldest first.
    func auditActions(userID: String?) async throws -> [String] {
        try await database.read { connection in
            let rows = try userID.map { try connection.query("SELECT action FROM audit_log WHERE user_id = $1 ORDER BY id", $0) }
                ?? connection.query("SELECT action FROM audit_log WHERE user_id IS NULL ORDER BY id")
            return try rows.map { try $0.decode(String.self, "action") }
        }
    }

    func execute(_ sql: String, _ parameters: [SQLValue]) async throws {
        try await database.write { _ = try $0.execute(sql, parameters) }
    }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func eventually(timeout: TimeInterval = 5, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while try await !condition() {
        guard Date() < deadline else { return false }
        try await Task.sleep(nanoseconds: 20_000_000)
    }
    return true
}
