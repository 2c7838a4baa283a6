import Foundation
import XCTest

/// Contract §10's trend-annotations-schema drift guard: every annotation on every insights
/// payload has exactly the locked keys, day strings, lowercase tokens and a machine summary key,
/// and decodes with the app's strict model. The SQLite case carries the name the contract map
/// cites; its PostgreSQL twin runs the same body.
final class TrendAnnotationSchemaTests: XCTestCase {
    func testTrendAnnotationsMatchTheLockedSchema() async throws { try await lockedSchema(.sqlite) }
    func testTrendAnnotationsMatchTheLockedSchemaOnPostgres() async throws { try await lockedSchema(.postgres) }

    static let annotationKeys: Set<String> = ["metric", "direction", "severity", "startDate", "endDate", "summaryKey"]
    static let statusKeys: Set<String> = ["metric", "status", "severity", "current", "baseline", "change", "sampleSize",
                                          "annotations", "generatedAt"]

    private func lockedSchema(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "annotations@example.com"), days = client.days
        try await InsightStatusTests.sendKnownWeeks(client)
        XCTAssertEqual(try client.medications.create(["name": "Wegovy", "kind": "glp1", "doseUnit": "mg", "schedule": "weekly",
                                                      "startDate": .string(days.day(-20))]).status, 201)
        try await client.send([(-34, 82.0), (-25, 81.5), (-16, 80.5), (-7, 80.0), (0, 79.5)].map {
            client.reading("BodyMass", $0.1, unit: "kg", day: $0.0)
        })

        var annotations: [[String: Any]] = []
        for route in ["weight", "activity", "sleep", "heart", "mood", "medication-compliance"] {
            let result = try client.get("/api/insights/\(route)-status")
            XCTAssertEqual(Set(result.data.keys), Self.statusKeys, route)
            assertIOSDate(result.data["generatedAt"], "\(route).generatedAt")
            let decoded = try client.decode(AppInsightStatus.self, result)
            let raw = result.data["annotations"] as? [[String: Any]] ?? []
            XCTAssertEqual(raw.count, decoded.annotations.count)
            annotations += raw
        }
        let comprehensive = try client.get("/api/insights/comprehensive")
        XCTAssertEqual(comprehensive.status, 200, comprehensive.body)
        for status in comprehensive.data["statuses"] as? [[String: Any]] ?? [] {
            XCTAssertEqual(Set(status.keys), Self.statusKeys)
            annotations += status["annotations"] as? [[String: Any]] ?? []
        }

        let keys = Set(annotations.compactMap { $0["summaryKey"] as? String })
        XCTAssertTrue(keys.isSuperset(of: ["weight.down_since_glp1_start", "weight.down_vs_baseline", "steps.up_vs_baseline",
                                           "active_energy.down_vs_baseline", "resting_heart_rate.up_vs_baseline", "sleep.flat_vs_baseline",
                                           "mood.up_vs_baseline"]), "\(keys)")
        let day = try NSRegularExpression(pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
        let token = try NSRegularExpression(pattern: "^[a-z0-9_]+\\.[a-z0-9_]+$")
        func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for annotation in annotations {
            XCTAssertEqual(Set(annotation.keys), Self.annotationKeys, "\(annotation)")
            let start = annotation["startDate"] as? String ?? "", end = annotation["endDate"] as? String ?? ""
            XCTAssertTrue(matches(day, start) && matches(day, end) && start <= end, "\(annotation)")
            let summaryKey = annotation["summaryKey"] as? String ?? ""
            XCTAssertTrue(matches(token, summaryKey), "a machine token, never prose: \(summaryKey)")
            XCTAssertTrue(summaryKey.hasPrefix((annotation["metric"] as? String ?? "?") + "."), summaryKey)
            XCTAssertTrue(["up", "down", "flat"].contains(annotation["direction"] as? String ?? ""), "\(annotation)")
            XCTAssertTrue(["important", "warning", "info"].contains(annotation["severity"] as? String ?? ""), "\(annotation)")
        }
        let data = try JSONSerialization.data(withJSONObject: ["data": annotations])
        XCTAssertEqual(try AppDecoder.data([AppTrendAnnotation].self, from: String(decoding: data, as: UTF8.self)).count,
                       annotations.count, "every annotation decodes with the app's model")
    }
}
