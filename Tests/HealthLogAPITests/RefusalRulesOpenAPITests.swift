import APIToolkit
@testable import HealthLogAPI
import XCTest

/// The refusal rules schemathesis (scripts/schemathesis.sh) found missing from the published
/// document, each declared by the schema that enforces it.
final class RefusalRulesOpenAPITests: XCTestCase {
    private func parameter(_ name: String, of method: String, _ path: String, in document: JSONValue) throws -> JSONValue {
        let parameters = document["paths"]?[path]?[method]?["parameters"]?.arrayValue ?? []
        return try XCTUnwrap(parameters.first { $0["name"]?.stringValue == name }, "\(method) \(path) \(name)")
    }

    func testDayRangesAreDatesWithTheirJoiningRulesDescribed() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        for (path, days) in [("/api/measurements/daily", MeasurementReadEndpoints.maximumDailyDays),
                             ("/api/measurements", MeasurementReadEndpoints.maximumListDays),
                             ("/api/medications/{id}/research-chart", ResearchChartEndpoint.maximumDays)] {
            for name in ["from", "to"] {
                XCTAssertEqual(try parameter(name, of: "get", path, in: document)["schema"]?["format"], "date", path)
            }
            let to = try parameter("to", of: "get", path, in: document)["description"]?.stringValue ?? ""
            XCTAssertTrue(to.contains("not before from") && to.contains("at most \(days) days"), "\(path): \(to)")
        }
    }

    func testBodyRulesArePublished() throws {
        let schemas = try XCTUnwrap(try HealthLogOpenAPI.jsonValue()["components"]?["schemas"])
        XCTAssertEqual(schemas["MedicationCreate"]?["properties"]?["startDate"]?["format"], "date")
        XCTAssertEqual(schemas["MedicationGLP1Update"]?["properties"]?["doseMg"]?["exclusiveMinimum"], 0)
        XCTAssertEqual(schemas["DailyBriefingRequest"]?["properties"]?["date"]?["format"], "date")
        XCTAssertEqual(schemas["SourcePriority"]?["minProperties"], 1)
        XCTAssertEqual(schemas["MetricSourcePriority"]?["properties"]?["steps"]?["uniqueItems"], true)
        XCTAssertEqual(schemas["DeviceTypePriority"]?["properties"]?["default"]?["uniqueItems"], true)
        XCTAssertEqual(schemas["LoginRequest"]?["properties"]?["password"]?["pattern"]?.stringValue, #"^[^\x00]*$"#,
                       "U+0000 is refused in every string")
        XCTAssertEqual(schemas["CoachEvent"]?["properties"]?["event"]?["enum"]?.arrayValue?.count, CoachEvents.Name.allCases.count)
    }
}
