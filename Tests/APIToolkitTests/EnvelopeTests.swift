import APIToolkit
import XCTest

final class EnvelopeTests: XCTestCase {
    private let healthLog = HealthLogEnvelope()
    private let jarvis = JarvisEnvelope()
    private let batchIssues = [
        ValidationIssue(path: "entries[3].value", code: .invalidType, message: "expected a number, got a string"),
        ValidationIssue(path: "entries[4].unit", code: .required, message: "is required"),
    ]

    func testHealthLogSuccessWrapsDataWithNullError() throws {
        XCTAssertEqual(try jsonText(healthLog.success(["processed": 2])), #"{"data":{"processed":2},"error":null}"#)
        XCTAssertEqual(try jsonText(healthLog.success([], meta: ["cursor": "abc"])), #"{"data":[],"error":null,"meta":{"cursor":"abc"}}"#)
    }

    func testHealthLogFailureCarriesMessageCodeAndDetailsInMeta() throws {
        let body = healthLog.failure(.unprocessable(issues: batchIssues))
        XCTAssertEqual(try jsonText(body), #"{"data":null,"error":"Validation failed: entries[3].value: expected a number, got a string","meta":{"errorCode":"validation.failed","path":"entries[3].value","issues":[{"path":"entries[3].value","code":"invalid_type","message":"expected a number, got a string"},{"path":"entries[4].unit","code":"required","message":"is required"}]}}"#)
    }

    func testHealthLogSyncConflictReturnsTheCanonicalRowInData() throws {
        let row: JSONValue = ["id": "m1", "syncVersion": 7, "updatedAt": "2026-05-16T10:30:00Z"]
        let body = healthLog.failure(.conflict("sync.conflict", code: "sync.conflict", data: row))
        XCTAssertEqual(try jsonText(body), #"{"data":{"id":"m1","syncVersion":7,"updatedAt":"2026-05-16T10:30:00Z"},"error":"sync.conflict","meta":{"errorCode":"sync.conflict"}}"#)
    }

    func testHealthLogDetailsCannotOverrideTheErrorCode() {
        let error = APIError(status: 403, code: "assistant.disabled.coach", message: "Coach is disabled", details: ["errorCode": "spoofed", "surface": "coach"])
        XCTAssertEqual(healthLog.failure(error)["meta"], ["errorCode": "assistant.disabled.coach", "surface": "coach"])
    }

    func testJarvisSuccessIsThePayloadUnwrapped() throws {
        let feeds: JSONValue = ["data": [["id": "f1"]]]
        XCTAssertEqual(jarvis.success(feeds, meta: ["ignored": true]), feeds)
        XCTAssertEqual(try jsonText(jarvis.success(["status": "ok", "uptime": 12])), #"{"status":"ok","uptime":12}"#)
    }

    func testJarvisFailureIsAnErrorObject() throws {
        XCTAssertEqual(try jsonText(jarvis.failure(.notFound("No route for GET /nope", code: "route.not_found"))),
                       #"{"error":{"code":"route.not_found","message":"No route for GET /nope"}}"#)
        let withDetails = jarvis.failure(.unprocessable(issues: Array(batchIssues.prefix(1))))
        XCTAssertEqual(withDetails["error"]?["details"]?["path"], "entries[3].value")
    }

    func testEveryFailureMatchesItsEnvelopesDocumentedSchema() {
        let errors: [APIError] = [
            .badRequest("bad"), .malformedJSON(JSONParseError(.trailingData, at: 3)), .unauthorized(), .forbidden(),
            .notFound(), APIError(status: 405, code: "route.method_not_allowed", message: "PUT is not allowed here",
                     details: ["allowed": ["GET", "POST"]], headers: [APIError.Header(name: "Allow", value: "GET, POST")]),
            .conflict("c", data: ["id": "1"]), .payloadTooLarge(limitBytes: 5_000_000), .unsupportedMediaType(),
            .unprocessable(issues: batchIssues), .tooManyRequests(retryAfter: 30), .internal(), .serviceUnavailable(retryAfter: 5),
        ]
        for style in [healthLog as any EnvelopeStyle, jarvis] {
            for error in errors {
                XCTAssertEqual(SchemaValidator.validate(style.failure(error), against: style.failureSchema), [], "\(style) \(error)")
            }
        }
    }

    func testSuccessBodiesMatchTheirDocumentedSchema() {
        let payload: Schema = .object("Health") {
            Property("status", .string())
            Property("uptime", .integer(min: 0))
        }
        let data: JSONValue = ["status": "ok", "uptime": 5]
        XCTAssertEqual(SchemaValidator.validate(healthLog.success(data, meta: ["page": 1]), against: healthLog.successSchema(payload)), [])
        XCTAssertEqual(SchemaValidator.validate(jarvis.success(data), against: jarvis.successSchema(payload)), [])
        XCTAssertEqual(SchemaValidator.validate(healthLog.success(["status": "ok"]), against: healthLog.successSchema(payload)).map(\.path),
                       ["data.uptime"])
    }

    func testErrorConstructorsSetStatusCodeAndHeaders() {
        XCTAssertEqual(APIError.tooManyRequests(retryAfter: 30).status, 429)
        XCTAssertEqual(APIError.tooManyRequests(retryAfter: 30).headers, [APIError.Header(name: "Retry-After", value: "30")])
        XCTAssertEqual(APIError.payloadTooLarge(limitBytes: 10).status, 413)
        XCTAssertEqual(APIError.unprocessable(issues: [], code: "measurement.batch.too_large").code, "measurement.batch.too_large")
        XCTAssertEqual(APIError.unprocessable(issues: []).message, "Validation failed")
        XCTAssertEqual(APIError.internal().status, 500)
        XCTAssertEqual(APIError.internal().code, "internal.error")
        XCTAssertEqual(APIError.notFound("Story not found", code: "story.not_found").description, "404 story.not_found: Story not found")
        XCTAssertEqual(APIError.serviceUnavailable().headers, [])
    }
}
