import Foundation
import XCTest

/// `GET /api/insights/medication-compliance-status`: logged, non-skipped doses against the doses
/// each medication's schedule (or GLP-1 interval) expects, last 28 days against the 28 before.
final class MedicationComplianceTests: XCTestCase {
    func testComplianceCountsLoggedDosesAgainstTheScheduleOnSQLite() async throws { try await compliance(.sqlite) }
    func testComplianceCountsLoggedDosesAgainstTheScheduleOnPostgres() async throws { try await compliance(.postgres) }

    private func compliance(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try InsightClient(harness, email: "doses@example.com"), days = client.days
        // Today's dose may still come: the windows end yesterday, day -1. A weekly medication from
        // day -56 is due on -56, -49, -42, -35 (baseline) and -28, -21, -14, -7 (current).
        let weekly = try XCTUnwrap(try client.medications.create([
            "name": "Metformin", "kind": "other", "doseUnit": "mg", "schedule": "weekly", "startDate": .string(days.day(-56)),
        ]).data["id"] as? String)
        let logged = try await client.sendIntakes(weekly, [(-56, false), (-49, false), (-42, false), (-35, false),
                                                           (-28, false), (-20, false), (-14, true), (-7, false)])
        // -20: a day late, still a dose. -14: logged as skipped. -7: logged, then deleted on the phone.
        try await harness.execute("UPDATE medication_intake_logs SET deleted_at = taken_at WHERE id = $1", [.text(logged[7])])
        // Ozempic from day -13, weekly by its GLP-1 details: due on -13 and -6, both taken.
        let ozempic = try client.medications.createdID(name: "Ozempic")
        XCTAssertEqual(try client.medications.setGLP1(ozempic, drug: "semaglutide", brand: "Ozempic", doseMg: 0.5,
                                                      since: days.day(-13)).status, 200)
        _ = try await client.sendIntakes(ozempic, [(-13, false), (-6, false)])
        // As needed: nothing is expected, and its doses change nothing.
        let asNeeded = try client.medications.createdID(name: "Ibuprofen", kind: "other", schedule: "as_needed")
        _ = try await client.sendIntakes(asNeeded, [(-3, false), (-40, false)])

        let status = try client.decode(AppInsightStatus.self, try client.get("/api/insights/medication-compliance-status"))
        XCTAssertEqual(status.metric, "medication_compliance")
        XCTAssertEqual(status.current?.unit, "%")
        XCTAssertEqual(status.current?.period, AppPeriod(from: days.day(-28), to: days.day(-1)))
        XCTAssertEqual(status.baseline?.period, AppPeriod(from: days.day(-56), to: days.day(-29)))
        XCTAssertEqual(status.baseline?.value, 100, "4 of 4")
        XCTAssertEqual(status.current?.value, 66.67, "2 of 4 weekly doses and 2 of 2 Ozempic doses")
        XCTAssertEqual(status.change?.absolute, -33.33)
        XCTAssertEqual(status.sampleSize, 10, "the expected doses of both windows")
        XCTAssertEqual(status.status, .declining)
        XCTAssertEqual(status.severity, .important, "33 points: more than three bands of 10")
        XCTAssertEqual(status.annotations.map(\.summaryKey), ["medication_compliance.down_vs_baseline"])
    }
}
