import Foundation

/// The expectations `Tests/Clients/feedparser/translate_expectations.py` extracts from Python
/// feedparser's test suite (see docs/feed-parsing.md), as decoded by the conformance harness.
struct ConformanceSuite: Decodable {
    var documents: [DocumentCase]
    var dates: [DateCase]

    static func load(path: String) throws -> ConformanceSuite {
        try JSONDecoder().decode(ConformanceSuite.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

struct DocumentCase: Decodable {
    var group: String
    var path: String
    var wellFormed: Bool
    var contentType: String?
    var baseURL: String?
    var assertions: [FieldAssertion]
    var notApplicable: [String]

    /// `wellformed/rss`, `encoding`, `illformed/chardet`: at most two path components.
    var reportGroup: String { group.split(separator: "/").prefix(2).joined(separator: "/") }
}

struct FieldAssertion: Decodable {
    var target: String
    var index: Int?
    var kind: String
    var expected: ExpectedValue
}

enum ExpectedValue: Decodable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .integer(let value): return String(value)
        case .null: return "nil"
        }
    }
}

struct DateCase: Decodable {
    var group: String
    var input: String
    /// Seconds since 1970 in UTC, or nil when the string must be rejected.
    var expected: Int?
}
