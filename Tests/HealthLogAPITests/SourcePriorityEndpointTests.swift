import XCTest

/// `PUT /api/auth/me/source-priority` over HTTP: whole-object replace, strict schema, the
/// legacy flat shape and one-axis bodies accepted and stored as the two-axis object, the stored
/// object returned and visible in `GET /api/auth/me`.
final class SourcePriorityEndpointTests: XCTestCase {
    func testPutReplacesTheWholeLadderAndMeShowsItOnSQLite() async throws { try await replaces(.sqlite) }
    func testPutReplacesTheWholeLadderAndMeShowsItOnPostgres() async throws { try await replaces(.postgres) }
    func testPutIsStrictAndWritesNothingWhenRefusedOnSQLite() async throws { try await strict(.sqlite) }
    func testPutIsStrictAndWritesNothingWhenRefusedOnPostgres() async throws { try await strict(.postgres) }
    func testLegacyFlatShapeAndOneAxisBodiesAreAcceptedOnSQLite() async throws { try await shapes(.sqlite) }
    func testLegacyFlatShapeAndOneAxisBodiesAreAcceptedOnPostgres() async throws { try await shapes(.postgres) }

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
            (#"{}"#, ""),
            (#"{"stepz":["APPLE_HEALTH"]}"#, "stepz"),
            (#"{"steps":["FITBIT"]}"#, "steps[0]"),
            (#"{"steps":["MANUAL","MANUAL"]}"#, "steps"),
            (#"{"steps":["MANUAL"],"deviceTypePriority":{}}"#, "steps"),
            (#"{"default":["watch"]}"#, "default"),
        ]
        for (body, path) in refusals {
            let refused = try http("PUT", harness.url + "/api/auth/me/source-priority", json: body, bearer: token)
            XCTAssertEqual(refused.status, 422, body)
            XCTAssertEqual(refused.errorCode, "validation.failed", body)
            XCTAssertEqual(refused.meta["path"] as? String, path, body)
        }
        XCTAssertTrue(try harness.get("/api/auth/me", bearer: token).data["sourcePriorityJson"] is NSNull, "nothing was stored")
    }

    /// Contract §4's back-compat shim: older clients PUT the flat `{ "steps": [...] }`. It is
    /// stored as `metricPriority`; a body with one axis stores the other empty.
    private func shapes(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        try harness.createUser("shapes@example.com")
        let token = try harness.nativeTokens("shapes@example.com").access
        func put(_ body: String) throws -> NSDictionary? {
            let response = try http("PUT", harness.url + "/api/auth/me/source-priority", json: body, bearer: token)
            XCTAssertEqual(response.status, 200, body + " " + response.body)
            let stored = try harness.get("/api/auth/me", bearer: token).data["sourcePriorityJson"] as? NSDictionary
            XCTAssertEqual(stored, response.data as NSDictionary, "the answer is what is stored")
            return stored
        }
        XCTAssertEqual(try put(#"{"steps":["WITHINGS","APPLE_HEALTH"],"weight":["WITHINGS"]}"#),
                       ["metricPriority": ["steps": ["WITHINGS", "APPLE_HEALTH"], "weight": ["WITHINGS"]],
                        "deviceTypePriority": [:]] as NSDictionary)
        XCTAssertEqual(try put(#"{"deviceTypePriority":{"default":["phone","watch"]}}"#),
                       ["metricPriority": [:], "deviceTypePriority": ["default": ["phone", "watch"]]] as NSDictionary)
        XCTAssertEqual(try put(#"{"metricPriority":{"steps":["MANUAL"]}}"#),
                       ["metricPriority": ["steps": ["MANUAL"]], "deviceTypePriority": [:]] as NSDictionary)
        // The flat ladder takes effect: WITHINGS first for steps.
        let user = try await harness.database.read { try $0.queryFirst("SELECT id FROM users")?.decode(String.self, "id") }
        try await harness.database.insertMeasurement(user: try XCTUnwrap(user), type: "steps", value: 100, unit: "count", at: 1_778_918_400)
        try await harness.database.insertMeasurement(user: try XCTUnwrap(user), type: "steps", source: "WITHINGS", value: 90,
                                                     unit: "count", at: 1_778_918_400)
        _ = try put(#"{"steps":["WITHINGS","APPLE_HEALTH"]}"#)
        let days = try harness.get("/api/measurements/daily?type=steps&from=2026-05-16&to=2026-05-16", bearer: token).data["days"] as? [[String: Any]]
        XCTAssertEqual(days?.first?["source"] as? String, "WITHINGS")
    }
}
