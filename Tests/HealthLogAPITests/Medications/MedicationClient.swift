import APIToolkit
import Foundation
@testable import HealthLogAPI
import XCTest

/// One signed-in user of the medication routes, over real HTTP.
struct MedicationClient {
    let harness: HealthLogHarness
    let token: String

    init(_ harness: HealthLogHarness, email: String) throws {
        self.harness = harness
        token = try harness.bearer(for: email)
    }

    func call(_ method: String, _ path: String, json: String? = nil) throws -> HTTPResult {
        try http(method, harness.url + path, json: json, bearer: token)
    }

    /// `POST /api/medications` with `fields` serialised as JSON (names with any character arrive escaped).
    func create(_ fields: JSONObject) throws -> HTTPResult {
        try call("POST", "/api/medications", json: String(decoding: try JSONSerializer.serialize(.object(fields)), as: UTF8.self))
    }

    /// A medication that must be created; its id.
    func createdID(name: String, kind: String = "glp1", schedule: String = "weekly",
                   file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try create(["name": .string(name), "kind": .string(kind), "doseUnit": "mg", "schedule": .string(schedule)])
        XCTAssertEqual(result.status, 201, result.body, file: file, line: line)
        return try XCTUnwrap(result.data["id"] as? String, result.body, file: file, line: line)
    }

    /// `POST /api/medications/{id}/glp1`.
    func setGLP1(_ id: String, drug: String, brand: String, doseMg: Double, since: String = "2026-01-05",
                 extra: String = "") throws -> HTTPResult {
        try call("POST", "/api/medications/\(id)/glp1",
                 json: #"{"drug":"\#(drug)","brand":"\#(brand)","doseMg":\#(doseMg),"since":"\#(since)"\#(extra)}"#)
    }

    /// Acknowledges the current Research Mode disclaimer, as the app does.
    func acknowledgeResearchMode(file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try call("POST", "/api/auth/me/research-mode", json: #"{"acknowledgedVersion":"\#(ResearchModeDisclaimer.version)"}"#)
        XCTAssertEqual(result.status, 200, result.body, file: file, line: line)
    }

    /// `POST /api/medications/intake/bulk`: each intake as (takenAt, doseMg, skipped); their ids in order.
    func logIntakes(_ medicationID: String, _ intakes: [(takenAt: String, doseMg: Double?, skipped: Bool)],
                    file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let entries = intakes.enumerated().map { index, intake in
            #"{"medicationId":"\#(medicationID)","takenAt":"\#(intake.takenAt)","doseMg":\#(intake.doseMg.map { "\($0)" } ?? "null"),"#
                + #""skipped":\#(intake.skipped),"externalId":"intake-\#(index)"}"#
        }
        let result = try call("POST", "/api/medications/intake/bulk", json: #"{"entries":[\#(entries.joined(separator: ","))]}"#)
        XCTAssertEqual(result.status, 200, result.body, file: file, line: line)
        let items = result.data["entries"] as? [[String: Any]] ?? []
        XCTAssertEqual(items.compactMap { $0["status"] as? String }, intakes.map { _ in "inserted" }, result.body, file: file, line: line)
        return items.compactMap { $0["id"] as? String }
    }
}
