import APIToolkit
import XCTest

/// `OpenAPIDocument.responseProblems`: the check test support runs on every answer it receives.
final class ResponseConformanceTests: XCTestCase {
    private static let feed: Schema = .object("Feed") {
        Property("id", .string())
        Property("lastFetchedAt", .dateTimeUTC.orNull)
    }

    private static var document: OpenAPIDocument {
        var document = OpenAPIDocument(title: "HealthLog API", version: "1.0.0", envelope: HealthLogEnvelope())
        document.add(OpenAPIOperation(.get, "/feeds/{id}", operationId: "getFeed", summary: "One feed", parameters: [.path("id")],
                                      responses: [OpenAPIResponse(200, "The feed", schema: feed), OpenAPIResponse(404, "No such feed")]))
        document.add(OpenAPIOperation(.get, "/feeds/export", operationId: "export", summary: "A file",
                                      responses: [.unenveloped(200, "The file", schema: feed)]))
        document.add(OpenAPIOperation(.delete, "/feeds/{id}", operationId: "deleteFeed", summary: "Gone", parameters: [.path("id")],
                                      responses: [OpenAPIResponse(204, "Deleted")]))
        return document
    }

    private func problems(_ method: String, _ path: String, _ status: Int, _ body: String,
                          contentType: String? = "application/json; charset=utf-8") -> [String] {
        Self.document.responseProblems(method: method, path: path, status: status, contentType: contentType, body: Array(body.utf8))
    }

    func testAConformingAnswerHasNoProblem() {
        XCTAssertEqual(problems("GET", "/feeds/f1", 200, #"{"data":{"id":"f1","lastFetchedAt":null},"error":null}"#), [])
        XCTAssertEqual(problems("GET", "/feeds/export", 200, #"{"id":"f1","lastFetchedAt":"2026-12-06T07:00:00Z"}"#), [])
        XCTAssertEqual(problems("DELETE", "/feeds/f1", 204, "", contentType: nil), [])
        XCTAssertEqual(problems("GET", "/stories", 200, "not even JSON"), [], "undocumented routes are not checked")
    }

    func testDriftFromTheDeclaredSchemaIsReportedWithItsPath() {
        XCTAssertEqual(problems("GET", "/feeds/f1", 200, #"{"data":{"id":"f1","lastFetchedAt":null,"etag":"x"},"error":null}"#),
                       ["getFeed 200 data.etag: is not a recognized key"])
        XCTAssertEqual(problems("GET", "/feeds/f1", 200, #"{"data":{"id":7,"lastFetchedAt":"2026-12-06T07:00:00.000Z"},"error":null}"#).count, 2)
        XCTAssertEqual(problems("GET", "/feeds/f1", 200, #"{"data":{"id":"f1"},"error":null}"#).count, 1, "a required key missing")
    }

    func testStatusesBodiesAndMediaTypesMustBeTheDeclaredOnes() {
        XCTAssertEqual(problems("GET", "/feeds/f1", 201, #"{"data":{"id":"f1","lastFetchedAt":null},"error":null}"#),
                       ["getFeed 201: status not declared (declared: 200, 404)"])
        XCTAssertEqual(problems("DELETE", "/feeds/f1", 204, "{}"), ["deleteFeed 204: declares no body, sent 2 bytes"])
        XCTAssertEqual(problems("GET", "/feeds/f1", 200, #"{"data":null,"error":null}"#, contentType: "text/html"),
                       ["getFeed 200: declared application/json, sent text/html"])
        XCTAssertEqual(problems("GET", "/feeds/f1", 200, "<html>"), ["getFeed 200: the body is not JSON"])
    }

    func testErrorsOfAnyStatusMustBeTheFailureEnvelope() {
        XCTAssertEqual(problems("GET", "/feeds/f1", 404, #"{"data":null,"error":"No such feed","meta":{"errorCode":"feed.not_found"}}"#), [])
        XCTAssertEqual(problems("GET", "/feeds/f1", 503, #"{"data":null,"error":"down","meta":{"errorCode":"database.unavailable"}}"#), [])
        XCTAssertEqual(problems("GET", "/feeds/f1", 500, #"{"message":"oops"}"#).count, 4)
    }

    func testTheLiteralRouteWinsOverATemplate() {
        // `/feeds/export` is unenveloped: an enveloped body there is drift, while it would suit `/feeds/{id}`.
        let enveloped = #"{"data":{"id":"f1","lastFetchedAt":null},"error":null}"#
        XCTAssertFalse(problems("GET", "/feeds/export", 200, enveloped).isEmpty)
        XCTAssertTrue(problems("GET", "/feeds/export", 200, enveloped).allSatisfy { $0.hasPrefix("export 200") })
    }
}
