import XCTest

/// `PUT /api/auth/me/source-priority` over HTTP: whole-object replace, strict schema, the
/// stored object returned and visible in `GET /api/auth/me`.
final class SourcePriorityEndpointTests: XCTestCase {
    func testPutReplacesTheWholeLadderAndMeShowsItOnSQLite() async throws { try await replaces(.sqlite) }
    func testPutReplacesTheWholeLadderAndMeShowsItOnPostgres() async throws { try await replaces(.postgres) }
    func testPutIsStrictAndWritesNothingWhenRefusedOnSQLite() async throws { try await strict(.sqlite) }
    func testPutIsStrictAndWritesNothingWhenRefusedOnPostgres() async throws { try await strict(.postgres) }

    static let ladder = #"{"metricPriority":{"weight":["WITHINGS","APPLE_HEALTH","MANUAL"],"steps":["APPLE_HEALTH"]},"deviceTypePriority":{"steps":["watch","phone"],"default":["watch","phone","scale"]}}"#

    private func replaces(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("ladder@example.com")
        let token = try harness.nativeTokens("ladder@example.com").access
        let put = try http("PUT", harness.url + "/api/auth/me/source-priority", json: Self.ladder, bearer: token)
        XCTAssertEqual(put.status, 200, put.body)
        let expected: [String: Any] = ["metricPriority": ["steps": ["APPLE_HEALTH"], "weight": ["WITHINGS", "APPLE_HEALTH", "MANUAL"]],
                                       "deviceTypePriority": ["default": ["watch", "phone", "scale"], "steps": ["watch", "phone"]]]
        XCTAssertEqual(put.data as NSDictionary, expected as NSDictionary)
        let me = try harness.get("/api/auth/me", bearer: token)
        XCTAssertEqual(me.data["sourcePriorityJson"] as? NSDictionary, expected as NSDictionary)

        // Whole-object replace: what the second PUT leaves out is gone.
        let second = try http("PUT", harness.url + "/api/auth/me/source-priority",
                              json: #"{"metricPriority":{"steps":["MANUAL"]},"deviceTypePriority":{}}"#, bearer: token)
        XCTAssertEqual(second.status, 200, second.body)
        let replaced = try harness.get("/api/auth/me", bearer: token).data["sourcePriorityJson"] as? NSDictionary
        XCTAssertEqual(replaced, ["metricPriority": ["steps": ["MANUAL"]], "deviceTypePriority": [:]] as NSDictionary)
        XCTAssertEqual(try http("PUT", harness.url + "/api/auth/me/source-priority", json: Self.ladder).status, 401)
    }

    private func strict(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("strict@example.com")
        let token = try harness.nativeTokens("strict@example.com").access
        let refusals: [(String, String)] = [
            (#"{"metricPriority":{},"deviceTypePriority":{},"extra":1}"#, "extra"),
            (#"{"metricPriority":{"steps":["FITBIT"]},"deviceTypePriority":{}}"#, "metricPriority.steps[0]"),
            (#"{"metricPriority":{"stepz":["MANUAL"]},"deviceTypePriority":{}}"#, "metricPriority.stepz"),
            (#"{"metricPriority":{},"deviceTypePriority":{"default":["toaster"]}}"#, "deviceTypePriority.default[0]"),
            (#"{"metricPriority":{"steps":["MANUAL","MANUAL"]},"deviceTypePriority":{}}"#, "metricPriority.steps"),
            (#"{"metricPriority":{"steps":[]},"deviceTypePriority":{}}"#, "metricPriority.steps"),
            (#"{"steps":["APPLE_HEALTH"]}"#, "steps"),
            (#"{"metricPriority":{}}"#, "deviceTypePriority"),
        ]
        for (body, path) in refusals {
            let refused = try http("PUT", harness.url + "/api/auth/me/source-priority", json: body, bearer: token)
            XCTAssertEqual(refused.status, 422, body)
            XCTAssertEqual(refused.errorCode, "validation.failed", body)
            XCTAssertEqual(refused.meta["path"] as? String, path, body)
        }
        XCTAssertTrue(try harness.get("/api/auth/me", bearer: token).data["sourcePriorityJson"] is NSNull, "nothing was stored")
    }
}
