import APIToolkit
import XCTest

final class OpenAPIDocumentTests: XCTestCase {
    private static let feedSchema: Schema = .object("Feed") {
        Property("id", .string())
        Property("health", .string(oneOf: ["active", "failing", "dead"]))
        Property("lastFetchedAt", .dateTimeUTC.orNull)
    }

    private static let createFeedSchema: Schema = .object("CreateFeed") {
        Property("url", .string(format: .uri))
        Property("pollIntervalSeconds", .integer(min: 60, max: 86_400), required: false, description: "Defaults to 900.")
    }

    /// A small Jarvis-like document used by the golden test.
    private func smallDocument() -> OpenAPIDocument {
        var document = OpenAPIDocument(title: "Jarvis API", version: "1.0.0", envelope: JarvisEnvelope(),
                                       securitySchemes: [OpenAPISecurityScheme(name: "bearerAuth", kind: .bearer(format: nil))],
                                       defaultSecurity: ["bearerAuth"])
        document.add(OpenAPIOperation(.get, "/feeds/{id}", operationId: "getFeed", summary: "One feed",
                                      parameters: [.path("id")],
                                      responses: [OpenAPIResponse(200, "The feed", schema: Self.feedSchema),
                                                  OpenAPIResponse(404, "No such feed")]))
        document.add(OpenAPIOperation(.post, "/feeds", operationId: "createFeed", summary: "Subscribe to a feed",
                                      requestBody: Self.createFeedSchema,
                                      responses: [OpenAPIResponse(201, "Created", schema: Self.feedSchema)]))
        document.add(OpenAPIOperation(.delete, "/feeds/{id}", operationId: "deleteFeed", summary: "Unsubscribe",
                                      parameters: [.path("id")], responses: [OpenAPIResponse(204, "Deleted")], security: []))
        return document
    }

    func testSmallDocumentMatchesTheGoldenYAML() throws {
        XCTAssertEqual(try smallDocument().yaml(), Self.goldenYAML)
    }

    func testJSONFormRoundTripsThroughTheParser() throws {
        let document = smallDocument()
        let value = try document.jsonValue()
        XCTAssertEqual(try JSONParser.parse(try document.json()), value)
        XCTAssertEqual(value["openapi"], "3.1.0")
        XCTAssertEqual(value["components"]?["schemas"]?.objectValue?.keys, ["Feed", "ErrorResponse", "ErrorBody", "CreateFeed"])
    }

    /// A download is published as the document it is; its errors still use the envelope.
    func testAnUnenvelopedSuccessIsPublishedAsItsSchemaAlone() throws {
        var document = OpenAPIDocument(title: "HealthLog API", version: "1.0.0", envelope: HealthLogEnvelope())
        document.add(OpenAPIOperation(.get, "/export", operationId: "export", summary: "A file",
                                      responses: [.unenveloped(200, "The file", schema: Self.feedSchema),
                                                  OpenAPIResponse(201, "Enveloped", schema: Self.feedSchema),
                                                  OpenAPIResponse(404, "Nothing")]))
        let responses = try XCTUnwrap(document.jsonValue()["paths"]?["/export"]?["get"]?["responses"])
        XCTAssertEqual(responses["200"]?["content"]?["application/json"]?["schema"], ["$ref": "#/components/schemas/Feed"])
        XCTAssertNotNil(responses["201"]?["content"]?["application/json"]?["schema"]?["properties"]?["data"])
        XCTAssertEqual(responses["404"]?["content"]?["application/json"]?["schema"], ["$ref": "#/components/schemas/ErrorEnvelope"])
    }

    func testYAMLFormLoadsBackAsTheJSONForm() throws {
        try XCTSkipUnless(pythonYAMLIsAvailable(), "python3 with PyYAML is not installed")
        var document = smallDocument()
        document.envelope = HealthLogEnvelope()
        document.description = "Multi-line\ndescription: with \"quotes\", # hashes and a trailing space "
        document.add(OpenAPIOperation(.post, "/api/measurements/batch", operationId: "postBatch", summary: "Upload HealthKit samples",
                                      tags: ["measurements", "true", "2026-01-01"],
                                      parameters: [.header("Idempotency-Key", .string(minLength: 1)),
                                                   .query("limit", .integer(min: 1, max: 500)),
                                                   .query("ratio", .number(min: 0.5, max: 1e-5))],
                                      requestBody: MeasurementBatch.schema,
                                      responses: [OpenAPIResponse(200, "Processed", schema: .object { Property("processed", .integer()) }),
                                                  OpenAPIResponse(422, "Invalid batch")]))
        XCTAssertEqual(try loadYAMLWithPython(try document.yaml()), try document.jsonValue())
    }

    func testNamedObjectsBecomeComponentsReferencedByRef() throws {
        var document = OpenAPIDocument(title: "HealthLog API", version: "1.4.23", envelope: HealthLogEnvelope())
        document.add(OpenAPIOperation(.post, "/api/measurements/batch", operationId: "postBatch", summary: "Upload",
                                      requestBody: MeasurementBatch.schema,
                                      responses: [OpenAPIResponse(200, "OK", schema: .object { Property("processed", .integer()) }),
                                                  OpenAPIResponse(422, "Invalid")]))
        let value = try document.jsonValue()
        let operation = value["paths"]?["/api/measurements/batch"]?["post"]
        XCTAssertEqual(operation?["requestBody"]?["content"]?["application/json"]?["schema"], ["$ref": "#/components/schemas/MeasurementBatch"])
        let schemas = try XCTUnwrap(value["components"]?["schemas"])
        XCTAssertEqual(schemas["MeasurementBatch"]?["properties"]?["entries"]?["items"], ["$ref": "#/components/schemas/BatchEntry"])
        XCTAssertEqual(schemas["BatchEntry"]?["additionalProperties"], false)
        XCTAssertEqual(schemas["BatchEntry"]?["required"], ["hkIdentifier", "value", "unit", "startDate", "endDate", "externalId"])
        XCTAssertEqual(schemas["BatchEntry"]?["properties"]?["deviceType"],
                       ["type": ["string", "null"], "enum": ["watch", "phone", "scale", "ring", "other", nil]])
        XCTAssertEqual(schemas["BatchEntry"]?["properties"]?["startDate"], ["type": "string", "format": "date-time"])
        let success = operation?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
        XCTAssertEqual(success?["properties"]?["error"], ["type": "null"])
        XCTAssertEqual(success?["required"], ["data", "error"])
        let failure = operation?["responses"]?["422"]?["content"]?["application/json"]?["schema"]
        XCTAssertEqual(failure, ["$ref": "#/components/schemas/ErrorEnvelope"])
        XCTAssertEqual(schemas["ErrorMeta"]?["additionalProperties"], true)
    }

    func testMinimumKeysArePublishedAsMinProperties() throws {
        var document = OpenAPIDocument(title: "T", version: "1", envelope: JarvisEnvelope())
        let change: Schema = .object("Change", minProperties: 1) { Property("a", .boolean, required: false) }
        document.add(OpenAPIOperation(.put, "/x", operationId: "x", summary: "x", requestBody: change,
                                      responses: [OpenAPIResponse(204, "done")]))
        let schemas = try XCTUnwrap(try document.jsonValue()["components"]?["schemas"])
        XCTAssertEqual(schemas["Change"]?["minProperties"], 1)
        XCTAssertNil(schemas["ErrorMeta"]?["minProperties"], "only where declared")
    }

    /// Every refusal rule of a schema reaches the document: `format: date`, `uniqueItems`,
    /// `exclusiveMinimum`, and the NUL-free pattern on strings no enum, format or pattern bounds.
    func testRefusalRulesArePublished() throws {
        var document = OpenAPIDocument(title: "T", version: "1", envelope: JarvisEnvelope())
        let body: Schema = .object("Rules") {
            Property("day", .date)
            Property("ladder", .array(of: .string(oneOf: ["A", "B"]), uniqueItems: true))
            Property("dose", .number(greaterThan: 0, max: 5))
            Property("note", .string(maxLength: 10))
            Property("id", .string(format: .uuid))
            Property("since", .string(pattern: "^[0-9]+$"))
        }
        document.add(OpenAPIOperation(.put, "/x", operationId: "x", summary: "x", requestBody: body,
                                      responses: [OpenAPIResponse(204, "done")]))
        let properties = try XCTUnwrap(try document.jsonValue()["components"]?["schemas"]?["Rules"]?["properties"])
        XCTAssertEqual(properties["day"], ["type": "string", "format": "date"])
        XCTAssertEqual(properties["ladder"]?["uniqueItems"], true)
        XCTAssertEqual(properties["dose"], ["type": "number", "exclusiveMinimum": 0, "maximum": 5])
        XCTAssertEqual(properties["note"]?["pattern"], #"^[^\x00]*$"#)
        XCTAssertNil(properties["id"]?["pattern"], "a format already excludes U+0000")
        XCTAssertNil(properties["ladder"]?["items"]?["pattern"], "so does an enum")
        XCTAssertEqual(properties["since"]?["pattern"], "^[0-9]+$")
    }

    func testNullableReferencesUseAnyOf() throws {
        var document = OpenAPIDocument(title: "T", version: "1", envelope: JarvisEnvelope())
        document.add(OpenAPIOperation(.get, "/x", operationId: "x", summary: "x",
                                      responses: [OpenAPIResponse(200, "ok", schema: .object {
                                          Property("feed", Self.feedSchema.orNull, description: "Maybe a feed.")
                                          Property("anything", Schema.any.orNull)
                                          Property("list", Schema.array(of: .integer()).orNull)
                                      })]))
        let properties = try document.jsonValue()["paths"]?["/x"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["properties"]
        XCTAssertEqual(properties?["feed"], ["anyOf": [["$ref": "#/components/schemas/Feed"], ["type": "null"]], "description": "Maybe a feed."])
        XCTAssertEqual(properties?["anything"], [:])
        XCTAssertEqual(properties?["list"], ["type": ["array", "null"], "items": ["type": "integer"]])
    }

    func testRouteTableMistakesAreReported() {
        let responses = [OpenAPIResponse(204, "ok")]
        func document(_ operations: [OpenAPIOperation]) -> OpenAPIDocument {
            var document = OpenAPIDocument(title: "T", version: "1", envelope: JarvisEnvelope())
            operations.forEach { document.add($0) }
            return document
        }
        XCTAssertThrowsError(try document([OpenAPIOperation(.get, "/a/{id}", operationId: "a", summary: "a", responses: responses)]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .pathParameterMismatch(path: "/a/{id}", name: "id"))
        }
        XCTAssertThrowsError(try document([OpenAPIOperation(.get, "/a", operationId: "a", summary: "a", parameters: [.path("id")], responses: responses)]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .pathParameterMismatch(path: "/a", name: "id"))
        }
        XCTAssertThrowsError(try document([OpenAPIOperation(.get, "/a", operationId: "a", summary: "a", responses: responses),
                                           OpenAPIOperation(.get, "/a", operationId: "b", summary: "b", responses: responses)]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .duplicateOperation(method: "GET", path: "/a"))
        }
        XCTAssertThrowsError(try document([OpenAPIOperation(.get, "/a", operationId: "a", summary: "a", responses: responses),
                                           OpenAPIOperation(.put, "/b", operationId: "a", summary: "b", responses: responses)]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .duplicateOperationId("a"))
        }
        XCTAssertThrowsError(try document([OpenAPIOperation(.get, "/a", operationId: "a", summary: "a", responses: responses, security: ["apiKey"])]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .unknownSecurityScheme("apiKey"))
        }
        let first: Schema = .object("Thing") { Property("a", .string()) }
        let second: Schema = .object("Thing") { Property("b", .string()) }
        XCTAssertThrowsError(try document([OpenAPIOperation(.post, "/a", operationId: "a", summary: "a", requestBody: first,
                                                            responses: [OpenAPIResponse(200, "ok", schema: second)])]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .conflictingComponent("Thing"))
        }
        let twice: Schema = .object("Twice") { Property("a", .string()); Property("a", .integer()) }
        XCTAssertThrowsError(try document([OpenAPIOperation(.post, "/a", operationId: "a", summary: "a", requestBody: twice, responses: responses)]).jsonValue()) {
            XCTAssertEqual($0 as? OpenAPIError, .duplicateProperty(object: "Twice", property: "a"))
        }
        XCTAssertThrowsError(try document([OpenAPIOperation(.post, "/a", operationId: "a", summary: "a", requestBody: .number(max: .infinity),
                                                            responses: responses)]).json()) {
            XCTAssertEqual($0 as? OpenAPIError, .nonFiniteLimit)
        }
    }

    private static let goldenYAML = #"""
    openapi: "3.1.0"
    info:
      title: "Jarvis API"
      version: "1.0.0"
    security:
      - bearerAuth: []
    paths:
      "/feeds/{id}":
        get:
          operationId: getFeed
          summary: "One feed"
          parameters:
            - name: id
              in: path
              required: true
              schema:
                type: string
                pattern: "^[^\\x00]*$"
          responses:
            "200":
              description: "The feed"
              content:
                application/json:
                  schema:
                    $ref: "#/components/schemas/Feed"
            "404":
              description: "No such feed"
              content:
                application/json:
                  schema:
                    $ref: "#/components/schemas/ErrorResponse"
        delete:
          operationId: deleteFeed
          summary: Unsubscribe
          security: []
          parameters:
            - name: id
              in: path
              required: true
              schema:
                type: string
                pattern: "^[^\\x00]*$"
          responses:
            "204":
              description: Deleted
      "/feeds":
        post:
          operationId: createFeed
          summary: "Subscribe to a feed"
          requestBody:
            required: true
            content:
              application/json:
                schema:
                  $ref: "#/components/schemas/CreateFeed"
          responses:
            "201":
              description: Created
              content:
                application/json:
                  schema:
                    $ref: "#/components/schemas/Feed"
    components:
      schemas:
        Feed:
          type: object
          properties:
            id:
              type: string
              pattern: "^[^\\x00]*$"
            health:
              type: string
              enum:
                - active
                - failing
                - dead
            lastFetchedAt:
              type:
                - string
                - "null"
              format: date-time
              pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$"
          required:
            - id
            - health
            - lastFetchedAt
          additionalProperties: false
        ErrorResponse:
          type: object
          description: "Every Jarvis error response."
          properties:
            error:
              $ref: "#/components/schemas/ErrorBody"
          required:
            - error
          additionalProperties: false
        ErrorBody:
          type: object
          properties:
            code:
              type: string
              pattern: "^[^\\x00]*$"
              description: "Stable dotted code, e.g. route.not_found."
            message:
              type: string
              pattern: "^[^\\x00]*$"
            details:
              type: object
              additionalProperties: true
          required:
            - code
            - message
          additionalProperties: false
        CreateFeed:
          type: object
          properties:
            url:
              type: string
              format: uri
            pollIntervalSeconds:
              type: integer
              minimum: 60
              maximum: 86400
              description: "Defaults to 900."
          required:
            - url
          additionalProperties: false
      securitySchemes:
        bearerAuth:
          type: http
          scheme: bearer

    """#
}
