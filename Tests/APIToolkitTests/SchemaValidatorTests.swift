import APIToolkit
import XCTest

final class SchemaValidatorTests: XCTestCase {
    private func issues(_ json: String, _ schema: Schema) throws -> [ValidationIssue] {
        SchemaValidator.validate(try parseJSON(json), against: schema)
    }

    private func batchIssues(_ entries: [String]) throws -> [ValidationIssue] {
        SchemaValidator.validate(try JSONParser.parse(batchJSON(entries)), against: MeasurementBatch.schema)
    }

    func testAValidBatchHasNoIssues() throws {
        let entries = (0..<3).map { batchEntryJSON(index: $0) } + [
            batchEntryJSON(index: 3, ["sleepStage": "3", "deviceType": "null", "externalSourceVersion": #""17.4""#]),
            batchEntryJSON(index: 4, ["deviceType": #""watch""#, "value": "-0.5"]),
        ]
        XCTAssertEqual(try batchIssues(entries), [])
    }

    /// A declared pattern must match the whole string (its publication: the HealthLog
    /// `IdempotencyKeyOpenAPITests`).
    func testPatternsMatchTheWholeStringAndArePublished() throws {
        let schema: Schema = .object("Since") { Property("since", .string(maxLength: 32, pattern: "^syncVersion=[0-9]{1,18}$")) }
        XCTAssertEqual(try issues(#"{"since":"syncVersion=42"}"#, schema), [])
        for refused in ["syncVersion=", "syncVersion=4x", "xsyncVersion=4", "syncVersion=4\\n", "syncVersion=-1"] {
            XCTAssertEqual(try issues(#"{"since":"\#(refused)"}"#, schema).map(\.code), [.invalidFormat], refused)
        }
        let hexRange: Schema = .string(pattern: #"^[\x21\x23-\x5B\x5D-\x7E]{1,3}$"#)
        XCTAssertEqual(SchemaValidator.validate(.string("a#]"), against: hexRange), [])
        XCTAssertEqual(SchemaValidator.validate(.string("a\\"), against: hexRange).map(\.code), [.invalidFormat])
    }

    func testUnknownKeysAreReportedWithTheirPath() throws {
        let entries = [batchEntryJSON(index: 0), batchEntryJSON(index: 1), batchEntryJSON(index: 2, ["foo": "1"])]
        XCTAssertEqual(try batchIssues(entries), [
            ValidationIssue(path: "entries[2].foo", code: .unrecognizedKey, message: "is not a recognized key"),
        ])
        XCTAssertEqual(try issues(#"{"entries":[], "extra":true}"#, MeasurementBatch.schema).map(\.path), ["entries", "extra"])
    }

    func testMissingAndNullRequiredFields() throws {
        let entries = [batchEntryJSON(index: 0, ["unit": nil]), batchEntryJSON(index: 1, ["externalId": "null"])]
        XCTAssertEqual(try batchIssues(entries), [
            ValidationIssue(path: "entries[0].unit", code: .required, message: "is required"),
            ValidationIssue(path: "entries[1].externalId", code: .invalidType, message: "expected a string, got null"),
        ])
    }

    func testOptionalFieldsMayBeAbsentButNotNullUnlessNullable() throws {
        let entries = [batchEntryJSON(index: 0, ["sleepStage": "null"]), batchEntryJSON(index: 1, ["deviceType": "null"])]
        XCTAssertEqual(try batchIssues(entries).map(\.path), ["entries[0].sleepStage"])
    }

    func testWrongTypesAreInvalidType() throws {
        let entries = [batchEntryJSON(index: 0, ["value": #""72""#, "hkIdentifier": "5", "startDate": "[]"])]
        let found = try batchIssues(entries)
        XCTAssertEqual(found.map(\.code), [.invalidType, .invalidType, .invalidType])
        XCTAssertEqual(found.map(\.message), ["expected a string, got an integer", "expected a string, got an array", "expected a number, got a string"])
    }

    func testIntegerSchemasAcceptIntegralFractionsAndRejectFractionalValues() throws {
        let schema: Schema = .integer(min: 0, max: 20)
        XCTAssertEqual(try issues("3", schema), [])
        XCTAssertEqual(try issues("3.0", schema), [])
        XCTAssertEqual(try issues("3e0", schema), [])
        XCTAssertEqual(try issues("-0", schema), [])
        XCTAssertEqual(try issues("3.5", schema).map(\.code), [.invalidType])
        XCTAssertEqual(try issues("21", schema).map(\.code), [.tooBig])
        XCTAssertEqual(try issues("-1", schema).map(\.message), ["must be at least 0"])
        XCTAssertEqual(try issues("1e30", schema).map(\.code), [.tooBig])
        XCTAssertEqual(try issues("-1e30", schema).map(\.code), [.tooSmall])
        XCTAssertEqual(try issues(#""3""#, schema).map(\.code), [.invalidType])
        XCTAssertEqual(try issues("true", schema).map(\.message), ["expected an integer, got a boolean"])
    }

    func testNumbersMustBeFiniteAndWithinLimits() {
        let schema: Schema = .number(min: 0.5, max: 10)
        XCTAssertEqual(SchemaValidator.validate(.number(.nan), against: schema).map(\.code), [.notFinite])
        XCTAssertEqual(SchemaValidator.validate(.number(-.infinity), against: .integer()).map(\.code), [.notFinite])
        XCTAssertEqual(SchemaValidator.validate(.integer(0), against: schema).map(\.message), ["must be at least 0.5"])
        XCTAssertEqual(SchemaValidator.validate(.number(10.5), against: schema).map(\.message), ["must be at most 10"])
        XCTAssertEqual(SchemaValidator.validate(.integer(10), against: schema), [])
    }

    func testStringLengthsCountUTF16CodeUnitsLikeZod() throws {
        let schema: Schema = .string(minLength: 1, maxLength: 2)
        XCTAssertEqual(try issues(#""😀""#, schema), [])
        XCTAssertEqual(try issues(#""😀a""#, schema).map(\.code), [.tooBig])
        XCTAssertEqual(try issues(#""éé""#, schema), [])
        XCTAssertEqual(try issues(#""""#, schema).map(\.message), ["must be at least 1 character long"])
    }

    func testEnumsListTheAllowedValues() throws {
        let entries = [batchEntryJSON(index: 0, ["deviceType": #""tablet""#])]
        XCTAssertEqual(try batchIssues(entries), [
            ValidationIssue(path: "entries[0].deviceType", code: .invalidEnumValue,
                            message: #"must be one of: "watch", "phone", "scale", "ring", "other""#),
        ])
    }

    func testDateTimesMustCarryAZone() throws {
        let entries = [batchEntryJSON(index: 0, ["startDate": #""2026-05-16T10:00:00""#, "endDate": #""2026-02-30T10:00:00Z""#])]
        XCTAssertEqual(try batchIssues(entries).map(\.code), [.invalidDatetime, .invalidDatetime])
        XCTAssertEqual(try issues(#""2026-05-16T10:00:00.5Z""#, .dateTimeUTC).map(\.code), [.invalidDatetime])
        XCTAssertEqual(try issues(#""2026-05-16T10:00:00Z""#, .dateTimeUTC), [])
    }

    func testArraySizeLimits() throws {
        XCTAssertEqual(try batchIssues([]), [ValidationIssue(path: "entries", code: .tooSmall, message: "must contain at least 1 item")])
        let limited: Schema = .array(of: .integer(), maxItems: 2)
        XCTAssertEqual(try issues(#"[1, 2, "x"]"#, limited), [ValidationIssue(path: "", code: .tooBig, message: "must contain at most 2 items")])
    }

    func testFormats() throws {
        XCTAssertEqual(try issues(#""https://feeds.example.com/rss.xml""#, .string(format: .uri)), [])
        for bad in [#""feeds.example.com""#, #""https://""#, #""https://exa mple.com""#, #""/relative/path""#] {
            XCTAssertEqual(try issues(bad, .string(format: .uri)).map(\.code), [.invalidFormat], bad)
        }
        for good in ["a@b.co", "first.last+tag@sub.example.org", "o'neil_1@x-y.io"] {
            XCTAssertEqual(try issues("\"\(good)\"", .string(format: .email)), [], good)
        }
        for bad in ["a@b", ".a@b.co", "a.@b.co", "a..b@c.co", "a@-b.co", "a@b.c", "a@b..co", "a b@c.co", "a@b@c.co", "@b.co"] {
            XCTAssertEqual(try issues("\"\(bad)\"", .string(format: .email)).map(\.code), [.invalidFormat], bad)
        }
        XCTAssertEqual(try issues(#""E621E1F8-c36c-495a-93fc-0c247a3e6e5f""#, .string(format: .uuid)), [])
        for bad in ["e621e1f8c36c495a93fc0c247a3e6e5f", "e621e1f8-c36c-495a-93fc-0c247a3e6e5", "g621e1f8-c36c-495a-93fc-0c247a3e6e5f"] {
            XCTAssertEqual(try issues("\"\(bad)\"", .string(format: .uuid)).map(\.code), [.invalidFormat], bad)
        }
    }

    func testDaysAreRealCalendarDates() throws {
        for good in ["2026-05-16", "2024-02-29", "0000-01-01", "9999-12-31"] {
            XCTAssertEqual(SchemaValidator.validate(.string(good), against: .date), [], good)
        }
        for bad in ["2026-5-16", "2026-05-16T00:00:00Z", "2025-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000000000", "２０２６-05-16"] {
            XCTAssertEqual(SchemaValidator.validate(.string(bad), against: .date),
                           [ValidationIssue(path: "", code: .invalidFormat, message: "must be a date YYYY-MM-DD")], bad)
        }
    }

    func testUniqueItemsRefusesARepeatAtTheArray() throws {
        let ladder: Schema = .object { Property("steps", .array(of: .string(oneOf: ["A", "B"]), uniqueItems: true)) }
        XCTAssertEqual(try issues(#"{"steps": ["A", "B"]}"#, ladder), [])
        XCTAssertEqual(try issues(#"{"steps": ["A", "B", "A"]}"#, ladder),
                       [ValidationIssue(path: "steps", code: .invalidValue, message: "must not contain the same item twice")])
        XCTAssertEqual(try issues("[1, 1.0]", .array(of: .number(), uniqueItems: true)).map(\.code), [.invalidValue],
                       "1 and 1.0 are one number to JSON Schema")
        XCTAssertEqual(try issues("[1, 1.5]", .array(of: .number(), uniqueItems: true)), [])
        XCTAssertEqual(try issues(#"["A", "A"]"#, .array(of: .string())), [], "only where declared")
    }

    func testExclusiveMinimum() throws {
        let dose: Schema = .number(greaterThan: 0, max: 100)
        XCTAssertEqual(try issues("0.25", dose), [])
        XCTAssertEqual(try issues("0", dose), [ValidationIssue(path: "", code: .tooSmall, message: "must be greater than 0")])
        XCTAssertEqual(try issues("-0.0", dose).map(\.code), [.tooSmall])
        XCTAssertEqual(try issues("100.5", dose).map(\.code), [.tooBig])
    }

    func testStringsNeverCarryANul() throws {
        XCTAssertEqual(try issues(#"{"version": 1, "name": "a\u0000b"}"#, .object { Property("version", .integer()); Property("name", .string()) }),
                       [ValidationIssue(path: "name", code: .invalidFormat, message: "must not contain the NUL character (U+0000)")])
        XCTAssertEqual(try issues(#""\u0000""#, .string(format: .uuid)).map(\.code), [.invalidFormat])
    }

    func testObjectsWithAMinimumNumberOfKeys() throws {
        let change: Schema = .object("Change", minProperties: 1) {
            Property("a", .boolean, required: false)
            Property("b", .boolean, required: false)
        }
        XCTAssertEqual(try issues("{}", change), [ValidationIssue(path: "", code: .tooSmall, message: "must have at least 1 key")])
        XCTAssertEqual(try issues(#"{"b": false}"#, change), [])
        XCTAssertEqual(try issues(#"{"c": true}"#, change).map(\.code), [.unrecognizedKey], "an unknown key is refused, not counted")
        let pair: Schema = .object(minProperties: 2) { Property("a", .boolean, required: false) }
        XCTAssertEqual(try issues(#"{"a": true}"#, pair).map(\.message), ["must have at least 2 keys"])
    }

    func testUnknownKeysAreAllowedOnlyByExplicitOptIn() throws {
        let passthrough: Schema = .object("BackupExport", allowsUnknownKeys: true) {
            Property("version", .integer())
        }
        XCTAssertEqual(try issues(#"{"version": 2, "futureField": {"x": 1}}"#, passthrough), [])
        XCTAssertEqual(try issues(#"{"futureField": 1}"#, passthrough).map(\.code), [.required])
    }

    func testPathsQuoteKeysThatAreNotIdentifiers() throws {
        let schema: Schema = .object { Property("meta", .object { Property("ok", .boolean) }) }
        let found = try issues(#"{"meta": {"ok": true, "a.b": 1, "2x": 2, "with \"quote\"": 3}}"#, schema)
        XCTAssertEqual(found.map(\.path), [#"meta["a.b"]"#, #"meta["2x"]"#, #"meta["with \"quote\""]"#])
    }

    func testNullableAnyAndNullSchemas() throws {
        XCTAssertEqual(try issues("null", .string().orNull), [])
        XCTAssertEqual(try issues("1", .string().orNull).map(\.code), [.invalidType])
        XCTAssertEqual(try issues(#"{"anything": [1, {"x": null}]}"#, .any), [])
        XCTAssertEqual(try issues("null", .null), [])
        XCTAssertEqual(try issues("false", .null).map(\.message), ["expected null, got a boolean"])
        XCTAssertEqual(try issues("{}", .boolean).map(\.message), ["expected a boolean, got an object"])
    }

    func testIssueCollectionStopsAtTheLimit() throws {
        let entries = (0..<500).map { batchEntryJSON(index: $0, ["value": #""x""#, "unit": "1"]) }
        let found = try batchIssues(entries)
        XCTAssertEqual(found.count, SchemaValidator.defaultIssueLimit)
        XCTAssertEqual(found.first?.path, "entries[0].unit")
        let limited = SchemaValidator.validate(try JSONParser.parse(batchJSON(entries)), against: MeasurementBatch.schema, issueLimit: 3)
        XCTAssertEqual(limited.map(\.path), ["entries[0].unit", "entries[0].value", "entries[1].unit"])
    }

    func testIssuesRenderAsJSONForEnvelopes() {
        let issue = ValidationIssue(path: "entries[3].value", code: .invalidType, message: "expected a number, got a string")
        XCTAssertEqual(issue.jsonValue, ["path": "entries[3].value", "code": "invalid_type", "message": "expected a number, got a string"])
        XCTAssertEqual(issue.description, "entries[3].value: expected a number, got a string")
        XCTAssertEqual(SchemaValidator.validate(issue.jsonValue, against: ValidationIssue.schema), [])
    }
}
