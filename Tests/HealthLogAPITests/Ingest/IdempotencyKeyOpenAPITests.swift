import APIToolkit
@testable import HealthLogAPI
import XCTest

/// Both batch operations publish `Idempotency-Key` as a formal, optional header parameter, so
/// generated clients send it without reading prose.
final class IdempotencyKeyOpenAPITests: XCTestCase {
    func testBothBatchOperationsDeclareTheOptionalHeader() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        for path in ["/api/measurements/batch", "/api/workouts/batch"] {
            let parameters = document["paths"]?[path]?["post"]?["parameters"]?.arrayValue ?? []
            let header = try XCTUnwrap(parameters.first { $0["name"]?.stringValue == "Idempotency-Key" }, "\(path): \(parameters)")
            XCTAssertEqual(header["in"]?.stringValue, "header", path)
            XCTAssertEqual(header["required"], .bool(false), path)
            XCTAssertEqual(header["schema"]?["type"]?.stringValue, "string", path)
            XCTAssertEqual(header["schema"]?["minLength"], .integer(1), path)
            XCTAssertTrue(header["description"]?.stringValue?.contains("idempotency.key_reused") ?? false, path)
        }
    }

    func testOtherOperationsDeclareNoHeaderParameters() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        for path in document["paths"]?.objectValue?.members ?? [] where !path.key.hasSuffix("/batch") {
            for operation in path.value.objectValue?.members ?? [] {
                let headers = (operation.value["parameters"]?.arrayValue ?? []).filter { $0["in"]?.stringValue == "header" }
                XCTAssertEqual(headers, [], "\(operation.key) \(path.key)")
            }
        }
    }
}
