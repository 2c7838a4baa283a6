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
}
