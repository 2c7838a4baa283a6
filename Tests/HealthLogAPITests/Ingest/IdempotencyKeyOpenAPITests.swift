import APIToolkit
@testable import HealthLogAPI
import XCTest

/// Both batch operations and both bulk backfills publish `Idempotency-Key` as a formal, optional
/// header parameter, and every synced entity's PATCH its required `If-Match`, so generated
/// clients send them without reading prose.
final class IdempotencyKeyOpenAPITests: XCTestCase {
    func testBothBatchOperationsDeclareTheOptionalHeader() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        for path in ["/api/measurements/batch", "/api/workouts/batch", "/api/mood-entries/bulk", "/api/medications/intake/bulk"] {
            let parameters = document["paths"]?[path]?["post"]?["parameters"]?.arrayValue ?? []
            let header = try XCTUnwrap(parameters.first { $0["name"]?.stringValue == "Idempotency-Key" }, "\(path): \(parameters)")
            XCTAssertEqual(header["in"]?.stringValue, "header", path)
            XCTAssertEqual(header["required"], .bool(false), path)
            XCTAssertEqual(header["schema"]?["type"]?.stringValue, "string", path)
            XCTAssertEqual(header["schema"]?["minLength"], .integer(1), path)
            XCTAssertEqual(header["schema"]?["pattern"]?.stringValue, IdempotencyKeyHeader.pattern, path)
            XCTAssertTrue(header["description"]?.stringValue?.contains("idempotency.key_reused") ?? false, path)
        }
    }

    func testEverySyncedPatchRequiresIfMatch() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        for entity in SyncedEntity.all {
            let parameters = document["paths"]?[entity.path + "/{id}"]?["patch"]?["parameters"]?.arrayValue ?? []
            let header = try XCTUnwrap(parameters.first { $0["name"]?.stringValue == "If-Match" }, entity.path)
            XCTAssertEqual(header["in"]?.stringValue, "header")
            XCTAssertEqual(header["required"], .bool(true), entity.path)
            XCTAssertNotNil(header["schema"]?["pattern"]?.stringValue, "the refusal rule is declared: \(entity.path)")
        }
    }

    func testOtherOperationsDeclareNoHeaderParameters() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        let synced = Set(SyncedEntity.all.map { $0.path + "/{id}" })
        for path in document["paths"]?.objectValue?.members ?? [] where !path.key.hasSuffix("/batch") && !path.key.hasSuffix("/bulk") {
            for operation in path.value.objectValue?.members ?? [] {
                let headers = (operation.value["parameters"]?.arrayValue ?? []).filter { $0["in"]?.stringValue == "header" }
                let expected = synced.contains(path.key) && operation.key == "patch" ? ["If-Match"] : []
                XCTAssertEqual(headers.compactMap { $0["name"]?.stringValue }, expected, "\(operation.key) \(path.key)")
            }
        }
    }
}
