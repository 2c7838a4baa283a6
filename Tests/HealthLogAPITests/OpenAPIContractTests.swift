import APIToolkit
import Foundation
import HTTPServer
@testable import HealthLogAPI
import ServiceRuntime
import Storage
import XCTest

/// The OpenAPI hard-flip gate (contract §3). `testGeneratedDocumentEqualsTheCommittedFile` IS
/// the drift check CI runs: change a schema without regenerating docs/api/openapi.yaml
/// (`scripts/openapi-check.sh --write`) and it fails.
final class OpenAPIContractTests: XCTestCase {
    static var committedFile: URL {
        // Resolve symlinks so the path works from a scratch package that links the test folder.
        let resolved = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        return resolved.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/api/openapi.yaml")
    }

    func testGeneratedDocumentEqualsTheCommittedFile() throws {
        let committed = try String(contentsOf: Self.committedFile, encoding: .utf8)
        let generated = try HealthLogOpenAPI.yaml()
        XCTAssertTrue(committed == generated,
                      "docs/api/openapi.yaml is stale: run scripts/openapi-check.sh --write and commit the result")
    }

    func testDocumentIsOpenAPI310WithTheContractTitleAndBothSecuritySchemes() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        XCTAssertEqual(document["openapi"]?.stringValue, "3.1.0")
        XCTAssertEqual(document["info"]?["title"]?.stringValue, "HealthLog API")
        XCTAssertEqual(document["info"]?["version"]?.stringValue, "1.4.23")
        XCTAssertNotNil(document["components"]?["securitySchemes"]?["bearerAuth"])
        XCTAssertEqual(document["components"]?["securitySchemes"]?["sessionCookie"]?["name"]?.stringValue, "__Host-healthlog_session")
        XCTAssertEqual(document["paths"]?["/api/auth/login"]?["post"]?["security"], .array([]), "login is public")
    }

    /// Builds the router exactly as `configure` does and checks both directions: every route
    /// is documented (except the document itself) and every documented operation is routed.
    func testEveryRegisteredRouteAppearsInTheSpecAndViceVersa() throws {
        let database = try Database.open(url: ":memory:", poolSize: 1)
        defer { database.close() }
        let context = try HealthLogContext(database: database, responses: APIResponses(style: HealthLogEnvelope()),
                                           logger: Logger(minimumLevel: .error, sink: MemoryLogSink()),
                                           environment: ["HEALTHLOG_PASSWORD_HASH_COST": "minimal"])
        var router = Router()
        try HealthLogService().installRoutes(into: &router, context: context, defaultBodyBytes: 1 << 20)
        let routed = Set(router.routes.map { "\($0.method) \($0.pattern)" }).subtracting(["GET /api/openapi.yaml"])
        let document = try HealthLogOpenAPI.jsonValue()
        var documented = Set<String>()
        for path in document["paths"]?.objectValue?.members ?? [] {
            for operation in path.value.objectValue?.members ?? [] { documented.insert("\(operation.key.uppercased()) \(path.key)") }
        }
        XCTAssertFalse(routed.isEmpty)
        XCTAssertEqual(routed, documented)
    }

    func testServedDocumentIsTheGeneratedOneOnSQLite() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        let served = try harness.get("/api/openapi.yaml")
        XCTAssertEqual(served.status, 200)
        XCTAssertTrue(served.header("Content-Type")?.hasPrefix("application/yaml") == true)
        let expected = try HealthLogOpenAPI.yaml(for: HealthLogService.productEndpoints + HealthLogHarness.testEndpoints)
        XCTAssertEqual(served.body, expected)
    }

    /// The flag change's "name at least one switch" rule is enforced by its schema, so it is published too.
    func testEmptyFlagChangeIsPublishedAsMinProperties() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        XCTAssertEqual(document["components"]?["schemas"]?["AssistantFlagsChange"]?["minProperties"], .integer(1))
    }
}
