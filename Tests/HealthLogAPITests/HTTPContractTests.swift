import APIToolkit
import Foundation
@testable import HealthLogAPI
import XCTest

/// What every endpoint promises beyond its own schema: bodies only as `application/json` (415
/// otherwise), per-user answers `Cache-Control: no-store` unless the endpoint chose a policy, and
/// a documented 422 on every operation (each one rejects unknown query parameters).
final class HTTPContractTests: XCTestCase {
    func testBodyEndpointsAnswer415UnlessTheContentTypeIsJSON() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("mime@example.com")
        let body = #"{"email":"mime@example.com","password":"\#(HealthLogHarness.password)"}"#
        for contentType in ["text/plain", "application/x-www-form-urlencoded", "application/jsonp", "application/json-patch+json"] {
            let refused = try rawPost(harness.url + "/api/auth/login", body: body, contentType: contentType)
            XCTAssertEqual(refused.status, 415, contentType)
            XCTAssertEqual(refused.errorCode, "request.unsupported_media_type", contentType)
        }
        let missing = try rawPost(harness.url + "/api/auth/login", body: body, contentType: nil)
        XCTAssertEqual(missing.status, 415, "no Content-Type at all")
        for contentType in ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"] {
            XCTAssertEqual(try rawPost(harness.url + "/api/auth/login", body: body, contentType: contentType).status, 200, contentType)
        }
    }

    /// Every string of an answer is free of U+0000, as the document's string patterns say: an
    /// unknown query parameter's name is echoed in the error's path quoted and escaped.
    func testUnknownQueryNamesAreEchoedEscaped() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("echo@example.com")
        let token = try harness.nativeTokens("echo@example.com").access
        let refused = try harness.get("/api/auth/me/audit?a%00b=1&limit=5", bearer: token)
        XCTAssertEqual(refused.status, 422)
        XCTAssertEqual(refused.meta["path"] as? String, #"["a\u0000b"]"#, "quoted, the NUL written as text")
        let answer = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any])
        XCTAssertFalse((answer["error"] as? String ?? "").contains("\u{0}"), "no NUL in the message")
    }

    func testSignedInAnswersAreNoStoreUnlessTheEndpointSetsItsOwnPolicy() async throws {
        let harness = try await HealthLogHarness.start(self, .sqlite)
        try harness.createUser("cache@example.com")
        let tokens = try harness.nativeTokens("cache@example.com")
        for path in ["/api/auth/me", "/api/auth/me/audit", "/api/auth/me/research-mode"] {
            XCTAssertEqual(try harness.get(path, bearer: tokens.access).header("Cache-Control"), "no-store", path)
        }
        let flags = try harness.get("/api/feature-flags", bearer: tokens.access)
        XCTAssertEqual(flags.headers.filter { $0.lowercased().hasPrefix("cache-control:") }, ["Cache-Control: private, max-age=60"])
    }

    func testEveryOperationDocuments422AndEveryBodyOperation415() throws {
        let document = try HealthLogOpenAPI.jsonValue()
        var operations = 0
        for path in document["paths"]?.objectValue?.members ?? [] {
            for operation in path.value.objectValue?.members ?? [] {
                operations += 1
                let responses = operation.value["responses"]
                XCTAssertNotNil(responses?["422"], "\(operation.key) \(path.key) rejects unknown query parameters with 422")
                if operation.value["requestBody"] != nil {
                    XCTAssertNotNil(responses?["415"], "\(operation.key) \(path.key)")
                }
            }
        }
        XCTAssertEqual(operations, HealthLogService.productEndpoints.count)
    }

    /// The body with exactly `contentType` (nil: no Content-Type header at all; curl drops its
    /// form default when given an empty `Content-Type:`).
    private func rawPost(_ url: String, body: String, contentType: String?) throws -> HTTPResult {
        try http("POST", url, headers: ["Content-Type: \(contentType ?? "")"], body: body)
    }
}
