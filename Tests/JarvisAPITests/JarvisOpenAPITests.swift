import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
@testable import JarvisAPI
import ServiceRuntime
import Storage
import TestHTTPClients
import XCTest

/// Jarvis's published document: the committed file is the generated one (the drift gate's test
/// twin), it says what the iOS contract says, the router serves exactly what it documents, and
/// `GET /openapi.yaml` serves it.
final class JarvisOpenAPITests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let committedFile = root.appendingPathComponent("docs/api/jarvis-openapi.yaml")
    static let contractFile = root.appendingPathComponent("../shared/spec/jarvis-ios-client-expectations.md").standardizedFileURL

    func testGeneratedDocumentEqualsTheCommittedFile() throws {
        let committed = try String(contentsOf: Self.committedFile, encoding: .utf8)
        XCTAssertTrue(committed == (try JarvisOpenAPI.yaml()),
                      "docs/api/jarvis-openapi.yaml is stale: run scripts/openapi-check.sh --write jarvis and commit the result")
    }

    /// Every `METHOD /path` the contract names, and its WebSocket, are operations of the
    /// document, and the endpoints route exactly the documented operations.
    func testEveryContractPathIsDocumentedAndEveryRouteIsBoth() throws {
        let document = try JarvisOpenAPI.document().jsonValue()
        var documented = Set<String>()
        for path in document["paths"]?.objectValue?.members ?? [] {
            for operation in path.value.objectValue?.members ?? [] { documented.insert("\(operation.key.uppercased()) \(path.key)") }
        }
        let named = try ContractText.load(Self.contractFile).operations
        XCTAssertEqual(named, ["GET /stories", "GET /stories/{id}", "GET /articles/{id}", "GET /feeds", "POST /feeds",
                               "DELETE /feeds/{id}", "GET /health"], "the contract's operations, as this test reads them")
        XCTAssertTrue(named.isSubset(of: documented), "undocumented: \(named.subtracting(documented).sorted())")
        XCTAssertTrue(documented.contains("GET /ws"), "the contract's WebSocket")

        let database = try Database.open(url: ":memory:", poolSize: 1)
        defer { database.close() }
        var router = Router()
        let context = JarvisContext(responses: APIResponses(style: JarvisEnvelope()), database: database, feeds: FeedStore(database: database),
                                    counts: ServedCounts(database: database),
                                    destinations: try DestinationCheck(environment: [:]), stories: StoryReads(database: database),
                                    version: "test", startedAt: Date(), clock: { Date() }, pollNow: {},
                                    events: LiveEvents(database: database, logger: Logger(minimumLevel: .error, sink: MemoryLogSink())),
                                    pingSeconds: 30)
        try JarvisService().installRoutes(into: &router, context: context, defaultBodyBytes: 1 << 16)
        let routed = Set(router.routes.map { "\($0.method) \($0.pattern)" }).subtracting(["GET \(JarvisOpenAPI.path)"])
        XCTAssertEqual(routed, documented)
    }

    /// Each object the contract tabulates is the schema the document publishes for it: the same
    /// fields, required ones required and non-null, nullable ones present and nullable, the same
    /// types, dates as `YYYY-MM-DDTHH:MM:SSZ`, and `health` restricted to the contract's three values.
    func testResponseSchemasMatchTheContractTables() throws {
        let document = try JarvisOpenAPI.document().jsonValue()
        let contract = try ContractText.load(Self.contractFile)
        let objects: [(anchor: String, component: String)] = [
            ("GET /stories → PaginatedStories", "PaginatedStories"), ("StorySummary (one per data[])", "StorySummary"),
            ("scoreBreakdown:", "ScoreBreakdown"), ("StorySource (each sources[])", "StorySource"),
            ("TimelineEntry (each timeline[])", "TimelineEntry"), ("GET /articles/{id} → Article", "Article"),
            ("GET /feeds →", "Feed"), ("GET /health → ServerHealth", "ServerHealth"),
        ]
        for (anchor, component) in objects {
            let fields = try contract.fields(after: anchor)
            XCTAssertFalse(fields.isEmpty, anchor)
            try assertSchema(of: component, in: document, matches: fields)
        }
        // "Same as StorySummary except: no sources field, and adds timeline (R, array)."
        let detail = try contract.fields(after: "StorySummary (one per data[])").filter { $0.name != "sources" }
            + [ContractText.Field(name: "timeline", nullable: false, type: "array", notes: "")]
        try assertSchema(of: "StoryDetail", in: document, matches: detail)

        // Which schema each contract endpoint answers with.
        let answers = ["/stories": "PaginatedStories", "/stories/{id}": "StoryDetail", "/articles/{id}": "Article",
                       "/feeds": "FeedList", "/health": "ServerHealth"]
        for (path, component) in answers {
            let schema = document["paths"]?[path]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
            XCTAssertEqual(schema?["$ref"]?.stringValue, "#/components/schemas/\(component)", path)
        }
        XCTAssertEqual(document["paths"]?["/feeds"]?["post"]?["responses"]?["201"]?["content"]?["application/json"]?["schema"]?["$ref"],
                       "#/components/schemas/Feed", "POST /feeds answers 201 + the Feed")
        XCTAssertNotNil(document["paths"]?["/feeds/{id}"]?["delete"]?["responses"]?["204"])
        XCTAssertNil(document["paths"]?["/feeds/{id}"]?["delete"]?["responses"]?["204"]?["content"], "204 has an empty body")
        XCTAssertEqual(document["components"]?["schemas"]?["FeedList"]?["properties"]?["data"]?["items"]?["$ref"],
                       "#/components/schemas/Feed", #"GET /feeds is wrapped in {"data": [Feed]}"#)
        let parameters = document["paths"]?["/stories"]?["get"]?["parameters"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(parameters, ["limit", "after", "topic", "min_signal"], "the query the app sends, min_signal in snake_case")
        let body = document["components"]?["schemas"]?["NewFeed"]?["properties"]?.objectValue?.members.map(\.key)
        XCTAssertEqual(body, ["url", "name", "pollIntervalSeconds"], "what POST /feeds receives")
    }

    private func assertSchema(of component: String, in document: JSONValue, matches fields: [ContractText.Field],
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = try XCTUnwrap(document["components"]?["schemas"]?[component], "no component \(component)", file: file, line: line)
        let properties = schema["properties"]?.objectValue?.members.map(\.key) ?? []
        XCTAssertEqual(Set(properties), Set(fields.map(\.name)), "\(component): fields", file: file, line: line)
        let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        for field in fields {
            let where_ = "\(component).\(field.name)"
            XCTAssertTrue(required.contains(field.name), "\(where_): the key must be present (R and N alike)", file: file, line: line)
            guard let property = schema["properties"]?[field.name] else { continue }
            let types = Self.types(of: property, in: document)
            XCTAssertEqual(types.contains("null"), field.nullable, "\(where_): nullable", file: file, line: line)
            let expected = ["string": "string", "int": "integer", "bool": "boolean", "array": "array", "object": "object",
                            "date": "string", "enum": "string"][field.type]
            XCTAssertNotNil(expected, "\(where_): unknown contract type \(field.type)", file: file, line: line)
            XCTAssertTrue(types.contains(expected ?? "?"), "\(where_): \(types) is not \(field.type)", file: file, line: line)
            let plain = Self.nonNull(property)
            if field.type == "date" {
                XCTAssertEqual(plain["format"], "date-time", where_, file: file, line: line)
                XCTAssertEqual(plain["pattern"]?.stringValue, #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#, where_, file: file, line: line)
            }
            if field.type == "enum" {
                let quoted = field.notes.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                XCTAssertEqual(plain["enum"]?.arrayValue?.compactMap(\.stringValue), quoted, where_, file: file, line: line)
            }
        }
    }

    /// The JSON types a property admits: `type` (one or a list), or the object a `$ref` names,
    /// or each branch of an `anyOf`.
    static func types(of property: JSONValue, in document: JSONValue) -> Set<String> {
        if property["$ref"] != nil { return ["object"] }
        if let branches = property["anyOf"]?.arrayValue { return branches.reduce(into: []) { $0.formUnion(types(of: $1, in: document)) } }
        if let one = property["type"]?.stringValue { return [one] }
        return Set(property["type"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The property without its `null` alternative.
    static func nonNull(_ property: JSONValue) -> JSONValue {
        property["anyOf"]?.arrayValue?.first { $0["type"]?.stringValue != "null" } ?? property
    }

    /// `GET /openapi.yaml` serves the committed document, without the API token when one is set
    /// (the document is no secret), while the API itself still asks for the token.
    func testServedDocumentIsTheCommittedFile() async throws {
        let jarvis = try await RunningJarvis(environment: ["JARVIS_API_TOKEN": "s3cret-token-value"])
        let served = try curl([jarvis.url + JarvisOpenAPI.path])
        XCTAssertEqual(served.status, 200)
        XCTAssertTrue(served.headers.lowercased().contains("content-type: application/yaml"), served.headers)
        XCTAssertTrue(served.body == (try String(contentsOf: Self.committedFile, encoding: .utf8)), "served document differs from the committed file")
        XCTAssertEqual(try curl([jarvis.url + "/stories"]).status, 401)
        await jarvis.stop()
    }
}

/// The iOS contract as this test reads it: the operations it names and its field tables.
struct ContractText {
    struct Field: Equatable {
        let name: String
        let nullable: Bool
        /// The contract's word: string, int, bool, array, object, date or enum.
        let type: String
        let notes: String
    }

    let lines: [String]

    static func load(_ url: URL) throws -> ContractText {
        ContractText(lines: try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n"))
    }

    /// Every `GET|POST|PUT|PATCH|DELETE /path` in the text, once each.
    var operations: Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"\b(GET|POST|PUT|PATCH|DELETE) (/[A-Za-z0-9_{}/]*[A-Za-z0-9_}])"#)
        var found = Set<String>()
        for line in lines {
            for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                found.insert("\(line[Range(match.range(at: 1), in: line)!]) \(line[Range(match.range(at: 2), in: line)!])")
            }
        }
        return found
    }

    /// The fields listed after the line starting with `anchor`, until the next heading-like line:
    /// rows of a tab-separated table (`name[, name…]<TAB>R|N<TAB>type<TAB>notes`), or a prose
    /// list (`name R (type), …`; a bare `name R` is a string), or `a, b — all R, all int`.
    func fields(after anchor: String) throws -> [Field] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(anchor) }) else { throw ContractError.missing(anchor) }
        var fields: [Field] = []
        let anchorLine = lines[start]
        if let dash = anchorLine.range(of: " — all R, all ") {
            let names = anchorLine[anchorLine.index(after: anchorLine.firstIndex(of: ":")!)..<dash.lowerBound]
            let type = anchorLine[dash.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            return names.split(separator: ",").map { Field(name: $0.trimmingCharacters(in: .whitespaces), nullable: false, type: type, notes: "") }
        }
        let prose = anchorLine.firstIndex(of: ":").map { String(anchorLine[anchorLine.index(after: $0)...]) } ?? ""
        fields += Self.proseFields(prose)
        for line in lines[(start + 1)...] {
            if line.hasPrefix("---") || Self.isHeading(line) { break }
            let cells = line.components(separatedBy: "\t")
            if cells.count >= 3, ["R", "N"].contains(cells[1]) {
                for name in cells[0].split(separator: ",") {
                    fields.append(Field(name: name.trimmingCharacters(in: .whitespaces), nullable: cells[1] == "N",
                                        type: Self.typeWord(cells[2]), notes: cells.count > 3 ? cells[3] : ""))
                }
            } else if cells.count == 1, fields.isEmpty {
                fields += Self.proseFields(line)
            }
        }
        return fields
    }

    /// `string|null` → string, `date` → date, `enum` → enum; the nullability is the R/N column's.
    private static func typeWord(_ cell: String) -> String {
        String(cell.split(separator: "|").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    private static func isHeading(_ line: String) -> Bool {
        line.range(of: #"^(GET|POST|DELETE) /|^[A-Z][A-Za-z]+ \(each |^[A-Z][A-Za-z]+ \(one per |^scoreBreakdown:"#,
                   options: .regularExpression) != nil
    }

    /// `id R, name R, publishedAt R (date), isBreaking R (bool)`.
    private static func proseFields(_ text: String) -> [Field] {
        let pattern = try! NSRegularExpression(pattern: #"\b([A-Za-z]+) (R|N)\b(?: \(([a-z]+)\))?"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let group = { (index: Int) in Range(match.range(at: index), in: text).map { String(text[$0]) } }
            return Field(name: group(1)!, nullable: group(2) == "N", type: group(3) ?? "string", notes: "")
        }
    }

    enum ContractError: Error { case missing(String) }
}
