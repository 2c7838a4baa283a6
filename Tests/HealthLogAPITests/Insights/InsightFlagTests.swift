import Foundation
import XCTest

/// Contract §14: each insights route answers 403 `assistant.disabled.<surface>` when its flag (or
/// the master switch) is off, and only its own flag closes it.
final class InsightFlagTests: XCTestCase {
    func testEachInsightsRouteIs403WhenItsFlagIsOffOnSQLite() async throws { try await flags(.sqlite) }
    func testEachInsightsRouteIs403WhenItsFlagIsOffOnPostgres() async throws { try await flags(.postgres) }

    /// Method, path, body, the surface that gates it and that surface's column.
    static let routes: [(method: String, path: String, json: String?, surface: String, column: String)] =
        ["weight", "activity", "sleep", "heart", "mood", "medication-compliance"].map {
            ("GET", "/api/insights/\($0)-status", nil, "insightStatus", "insight_status")
        } + [
            ("GET", "/api/insights/cards", nil, "insightStatus", "insight_status"),
            ("GET", "/api/insights/correlations", nil, "correlations", "correlations"),
            ("POST", "/api/insights/generate", "{}", "coach", "coach"),
            ("GET", "/api/insights/comprehensive", nil, "coach", "coach"),
        ]

    private func flags(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "flags@example.com")
        func call(_ route: (method: String, path: String, json: String?, surface: String, column: String)) throws -> HTTPResult {
            try http(route.method, harness.url + route.path, json: route.json, bearer: client.token)
        }
        for route in Self.routes {
            XCTAssertEqual(try call(route).status, 200, "\(route.path) with every flag on")
        }
        for column in ["insight_status", "correlations", "coach"] {
            try await client.setSwitch(column, on: false)
            for route in Self.routes {
                let result = try call(route)
                if route.column == column {
                    XCTAssertEqual(result.status, 403, "\(route.path) with \(column) off: \(result.body)")
                    XCTAssertEqual(result.errorCode, "assistant.disabled.\(route.surface)", route.path)
                    XCTAssertTrue(result.json["data"] is NSNull, "no insight leaks past the gate")
                } else {
                    XCTAssertEqual(result.status, 200, "\(route.path) is not gated by \(column)")
                }
            }
            try await client.setSwitch(column, on: true)
        }
        try await client.setSwitch("enabled", on: false)
        for route in Self.routes {
            let result = try call(route)
            XCTAssertEqual(result.status, 403, "\(route.path) with the master switch off")
            XCTAssertEqual(result.errorCode, "assistant.disabled.\(route.surface)", route.path)
        }
    }
}
