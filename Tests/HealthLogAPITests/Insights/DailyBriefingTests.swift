import Foundation
import XCTest

/// `POST /api/insights/generate`: GROUND RULE 13's strict briefing schema, decoded as the app
/// decodes it, with numbers from known rows; and GROUND RULE 11, severity tokens in lowercase
/// English whatever language the request names. The SQLite cases carry the names the design
/// docs cite; their PostgreSQL twins run the same bodies.
final class DailyBriefingTests: XCTestCase {
    func testDailyBriefingDecodesWithTheAppModel() async throws { try await briefing(.sqlite) }
    func testDailyBriefingDecodesWithTheAppModelOnPostgres() async throws { try await briefing(.postgres) }
    func testSeverityEnumsStayLowercaseEnglish() async throws { try await lowercaseEnglish(.sqlite) }
    func testSeverityEnumsStayLowercaseEnglishOnPostgres() async throws { try await lowercaseEnglish(.postgres) }

    static let briefingKeys: Set<String> = ["date", "promptVersion", "headline", "sections", "healthScore", "generatedAt"]

    private func briefing(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "briefing@example.com"), days = client.days
        try await InsightStatusTests.sendKnownWeeks(client)

        let today = try client.generate("{}")
        XCTAssertEqual(Set(today.data.keys), Self.briefingKeys)
        let briefing = try client.decode(AppDailyBriefing.self, today)
        XCTAssertEqual(briefing.date, days.day(0))
        XCTAssertEqual(briefing.promptVersion, "4.25.0")
        XCTAssertEqual(briefing.sections.map(\.metric), ["weight", "steps", "sleep", "resting_heart_rate", "mood", "medication_compliance"])
        XCTAssertEqual(briefing.sections.map(\.status), [.insufficientData, .improving, .stable, .declining, .improving, .insufficientData])
        XCTAssertEqual(briefing.sections.map(\.summaryKey)[3], "resting_heart_rate.declining")
        let steps = briefing.sections[1].values
        XCTAssertEqual([steps.current, steps.baseline, steps.changeAbsolute, steps.changePercent], [10_000, 8000, 2000, 25])
        XCTAssertEqual(steps.unit, "count")
        XCTAssertNil(briefing.sections[0].values.current, "no weighing: null, and no reproach (rule 14)")
        XCTAssertEqual(briefing.headline.key, "briefing.headline.resting_heart_rate.declining")
        XCTAssertEqual(briefing.headline.severity, .important)
        // Improving 100, stable 80, declining 50: (100 + 80 + 50 + 100) / 4 = 82.5. A week ago every
        // one of the four was stable: 80.
        XCTAssertEqual(briefing.healthScore.value, 83)
        XCTAssertEqual(briefing.healthScore.delta, 3)
        XCTAssertEqual(briefing.healthScore.deltaExplanation.key, "health_score.delta.up")
        XCTAssertEqual(briefing.healthScore.deltaExplanation.factors, [
            .init(metric: "resting_heart_rate", contribution: -7.5), .init(metric: "mood", contribution: 5),
            .init(metric: "steps", contribution: 5),
        ], "each metric's share now minus its share then; they add up to the unrounded 2.5")

        let weekAgo = try client.decode(AppDailyBriefing.self, try client.generate(#"{"date":"\#(days.day(-7))","locale":"en"}"#))
        XCTAssertEqual(weekAgo.date, days.day(-7))
        XCTAssertEqual(weekAgo.sections.map(\.status), [.insufficientData, .stable, .stable, .stable, .stable, .insufficientData])
        XCTAssertEqual(weekAgo.healthScore.value, 80)
        XCTAssertEqual(weekAgo.healthScore.delta, 0)
        XCTAssertEqual(weekAgo.healthScore.deltaExplanation.key, "health_score.delta.unchanged")
        XCTAssertEqual(weekAgo.headline.key, "briefing.headline.steady")

        let again = try client.generate("{}")
        XCTAssertEqual(Self.withoutGeneratedAt(again.json), Self.withoutGeneratedAt(today.json), "the same rows, the same briefing")

        for (body, path) in [(#"{"date":"2026-02-30"}"#, "date"), (#"{"date":"\#(days.day(1))"}"#, "date"), (#"{"date":"today"}"#, "date"),
                             (#"{"locale":"nl"}"#, "locale"), (#"{"context":"I feel great"}"#, "context")] {
            let refused = try client.generate(body)
            XCTAssertEqual(refused.status, 422, "\(body): \(refused.body)")
            XCTAssertEqual(refused.meta["path"] as? String, path, body)
        }

        let empty = try InsightClient(harness, email: "first-day@example.com")
        let welcome = try empty.decode(AppDailyBriefing.self, try empty.generate("{}"))
        XCTAssertEqual(welcome.headline.key, "briefing.headline.getting_started")
        XCTAssertEqual(welcome.headline.severity, .info)
        XCTAssertNil(welcome.healthScore.value)
        XCTAssertEqual(welcome.healthScore.deltaExplanation.key, "health_score.delta.unavailable")
    }

    private func lowercaseEnglish(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "sprache@example.com")
        try await InsightStatusTests.sendKnownWeeks(client)
        let german = ["Accept-Language: de-DE,de;q=0.9"]

        let english = try client.generate(#"{"locale":"en"}"#)
        let deutsch = try client.generate(#"{"locale":"de"}"#, headers: german)
        XCTAssertEqual(deutsch.status, 200, deutsch.body)
        XCTAssertEqual(Self.withoutGeneratedAt(deutsch.json), Self.withoutGeneratedAt(english.json),
                       "the locale changes nothing in the JSON; the app translates at render time")

        var severities: [String] = [], statuses: [String] = []
        for path in ["/api/insights/cards", "/api/insights/comprehensive", "/api/insights/activity-status", "/api/insights/heart-status"] {
            let result = try client.get(path, headers: german)
            XCTAssertEqual(result.status, 200, result.body)
            Self.collect(result.json, severities: &severities, statuses: &statuses)
        }
        Self.collect(deutsch.json, severities: &severities, statuses: &statuses)
        XCTAssertEqual(Set(severities), ["important", "warning", "info"], "every token seen, each lowercase English")
        XCTAssertTrue(Set(statuses).isSubset(of: ["improving", "stable", "declining", "insufficient_data"]), "\(Set(statuses))")
        _ = try client.decode(AppDailyBriefing.self, deutsch)
        _ = try client.decode(AppInsightCards.self, try client.get("/api/insights/cards", headers: german))
    }

    /// Every `severity` and `status` string anywhere in `value`.
    static func collect(_ value: Any, severities: inout [String], statuses: inout [String]) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                if key == "severity", let token = member as? String { severities.append(token) }
                if key == "status", let token = member as? String { statuses.append(token) }
                collect(member, severities: &severities, statuses: &statuses)
            }
        } else if let array = value as? [Any] {
            for member in array { collect(member, severities: &severities, statuses: &statuses) }
        }
    }

    static func withoutGeneratedAt(_ json: [String: Any]) -> NSDictionary {
        var data = json["data"] as? [String: Any] ?? [:]
        data["generatedAt"] = nil
        return data as NSDictionary
    }
}
