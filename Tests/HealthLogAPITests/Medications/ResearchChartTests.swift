import APIToolkit
import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// `GET /api/medications/{id}/research-chart` (contract §6, GROUND RULE 15) over real HTTP.
final class ResearchChartTests: XCTestCase {
    func testChartIs403UntilAcknowledgedAnd409WhenTheVersionDriftedOnSQLite() async throws { try await gate(.sqlite) }
    func testChartIs403UntilAcknowledgedAnd409WhenTheVersionDriftedOnPostgres() async throws { try await gate(.postgres) }
    func testChartIsARelativeCurveThatPeaksAfterTheLoggedDoseOnSQLite() async throws { try await curve(.sqlite) }
    func testChartIsARelativeCurveThatPeaksAfterTheLoggedDoseOnPostgres() async throws { try await curve(.postgres) }
    func testChartNeedsGLP1DetailsAModelledDrugAndValidDaysOnSQLite() async throws { try await refusals(.sqlite) }
    func testChartNeedsGLP1DetailsAModelledDrugAndValidDaysOnPostgres() async throws { try await refusals(.postgres) }

    static let chartKeys: Set<String> = ["medicationId", "drug", "brand", "from", "to", "timezone", "unit", "model", "stepHours",
                                         "points", "source", "disclaimerVersion", "disclaimer"]

    /// A user with an Ozempic medication at 0.5 mg weekly; its id.
    private func ozempic(_ client: MedicationClient) throws -> String {
        let id = try client.createdID(name: "Ozempic")
        XCTAssertEqual(try client.setGLP1(id, drug: "semaglutide", brand: "Ozempic", doseMg: 0.5).status, 200)
        return id
    }

    private func gate(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try MedicationClient(harness, email: "gate@example.com")
        let path = "/api/medications/\(try ozempic(client))/research-chart?from=2026-03-01&to=2026-03-07"

        let off = try client.call("GET", path)
        XCTAssertEqual(off.status, 403, off.body)
        XCTAssertEqual(off.errorCode, "research_mode.not_enabled")
        XCTAssertTrue(off.data.isEmpty, "no curve without the acknowledgement")

        for stale in ["2026-01-02.1", ResearchModeDisclaimer.version + " ", ResearchModeDisclaimer.version + "\u{0301}"] {
            try await harness.execute("UPDATE users SET research_mode_acknowledged_version = $1", [.text(stale)])
            let drifted = try client.call("GET", path)
            XCTAssertEqual(drifted.status, 409, "\(stale.debugDescription): \(drifted.body)")
            XCTAssertEqual(drifted.errorCode, "research_mode.version_mismatch")
        }

        try client.acknowledgeResearchMode()
        let on = try client.call("GET", path)
        XCTAssertEqual(on.status, 200, on.body)
        XCTAssertEqual(on.data["disclaimerVersion"] as? String, ResearchModeDisclaimer.version)
        XCTAssertEqual(on.data["disclaimer"] as? String, ResearchModeDisclaimer.text, "the disclaimer travels with the chart")
    }

    private func curve(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try MedicationClient(harness, email: "curve@example.com")
        try client.acknowledgeResearchMode()
        let id = try ozempic(client)
        let dose = "2026-03-03T08:00:00Z"
        let intakes = try client.logIntakes(id, [("2026-03-01T08:00:00Z", 0.5, true), ("2026-03-02T08:00:00Z", 2.0, false),
                                                 (dose, nil, false)])
        XCTAssertEqual(intakes.count, 3)
        // A soft-deleted intake is not a dose either.
        try await harness.execute("UPDATE medication_intake_logs SET deleted_at = taken_at WHERE id = $1", [.text(intakes[1])])

        let result = try client.call("GET", "/api/medications/\(id)/research-chart?from=2026-03-01&to=2026-03-14")
        XCTAssertEqual(result.status, 200, result.body)
        XCTAssertEqual(Set(result.data.keys), Self.chartKeys)
        XCTAssertEqual(result.data["unit"] as? String, "relative")
        XCTAssertEqual(result.data["model"] as? String, "one-compartment, first-order absorption")
        XCTAssertEqual(result.data["medicationId"] as? String, id)
        XCTAssertEqual(result.data["drug"] as? String, "semaglutide")
        XCTAssertEqual(result.data["timezone"] as? String, "Europe/Berlin")
        XCTAssertEqual(result.data["stepHours"] as? Int, 6)
        let source = try XCTUnwrap(result.data["source"] as? [String: Any])
        XCTAssertEqual(source["epar"] as? String, "Ozempic (EMEA/H/C/004174)")
        XCTAssertFalse((source["version"] as? String ?? "").isEmpty)
        for unitWord in ["mg/mL", "ng/mL", "nmol", "concentration", "µg/L"] {
            XCTAssertFalse(result.body.replacingOccurrences(of: ResearchModeDisclaimer.text, with: "").localizedCaseInsensitiveContains(unitWord),
                           "\(unitWord) appears outside the disclaimer")
        }

        let points = try XCTUnwrap(result.data["points"] as? [[String: Any]])
        XCTAssertEqual(points.count, 14 * 4, "every 6 hours over 14 Berlin days (no clock change in range)")
        XCTAssertEqual(points.first?["at"] as? String, "2026-02-28T23:00:00Z", "from starts at Berlin midnight")
        let intakeTime = try XCTUnwrap(APIDate.parseUTC(dose))
        var values: [(at: Date, relative: Double)] = []
        for point in points {
            XCTAssertEqual(Set(point.keys), ["at", "relative"])
            assertIOSDate(point["at"], "at")
            let at = try XCTUnwrap(APIDate.parseUTC(point["at"] as? String ?? ""))
            let relative = try XCTUnwrap(point["relative"] as? Double)
            XCTAssertTrue((0...1).contains(relative), "\(relative) at \(at)")
            values.append((at, relative))
        }
        XCTAssertTrue(values.filter { $0.at <= intakeTime }.allSatisfy { $0.relative == 0 },
                      "the skipped and the deleted intakes add nothing: \(values.prefix(10))")
        let peak = try XCTUnwrap(values.max { $0.relative < $1.relative })
        XCTAssertGreaterThan(peak.relative, 0.05)
        XCTAssertLessThan(peak.relative, 1, "one dose stays under the steady-state peak")
        let hoursToPeak = peak.at.timeIntervalSince(intakeTime) / 3600
        XCTAssertTrue((24...96).contains(hoursToPeak), "the peak follows the dose by 1-4 days, not \(hoursToPeak) h")
        let afterPeak = values.filter { $0.at > peak.at }.map(\.relative)
        XCTAssertEqual(afterPeak, afterPeak.sorted(by: >), "no later dose: the curve only falls after its peak")
    }

    private func refusals(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let client = try MedicationClient(harness, email: "refusals@example.com")
        try client.acknowledgeResearchMode()
        let plain = try client.createdID(name: "Ozempic (details not set)")
        let noDetails = try client.call("GET", "/api/medications/\(plain)/research-chart?from=2026-03-01&to=2026-03-07")
        XCTAssertEqual(noDetails.status, 422, noDetails.body)
        XCTAssertEqual(noDetails.errorCode, "medication.glp1_not_set")

        for brand in ["Byetta", "Bydureon"] {
            let id = try client.createdID(name: brand)
            XCTAssertEqual(try client.setGLP1(id, drug: "exenatide", brand: brand, doseMg: 0.01).status, 200)
            let unsupported = try client.call("GET", "/api/medications/\(id)/research-chart?from=2026-03-01&to=2026-03-07")
            XCTAssertEqual(unsupported.status, 422, unsupported.body)
            XCTAssertEqual(unsupported.errorCode, "research_chart.unsupported_drug")
        }

        let id = try ozempic(client)
        let base = "/api/medications/\(id)/research-chart"
        for (query, path) in [("from=2026-03-07&to=2026-03-01", "to"), ("from=2026-01-01&to=2027-01-02", "to"),
                              ("from=2026-02-30&to=2026-03-01", "from"), ("to=2026-03-01", "from"),
                              ("from=2026-03-01&to=2026-03-02&unit=mg", "unit")] {
            let refused = try client.call("GET", base + "?" + query)
            XCTAssertEqual(refused.status, 422, "\(query): \(refused.body)")
            XCTAssertEqual(refused.meta["path"] as? String, path, query)
        }
        let year = try client.call("GET", base + "?from=2026-01-01&to=2027-01-01")
        XCTAssertEqual(year.status, 200, "366 days is the ceiling: \(year.body)")
        XCTAssertEqual((year.data["points"] as? [Any])?.count, 366 * 4)
    }
}
