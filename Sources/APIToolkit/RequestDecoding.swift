import Foundation

/// A request body type whose accepted JSON is declared once, in `schema`.
///
/// The schema is enforced before `init(from:)` runs, so the Decodable conformance only maps
/// fields; it is also what the OpenAPI document publishes for the request.
public protocol RequestBody: Decodable, Sendable {
    static var schema: Schema { get }
}

/// A request body that maps its already validated JSON itself instead of through `Decodable`'s
/// containers, for bodies on a hot path (a 500-entry batch spent more time in the keyed and
/// unkeyed containers than in parsing). `decodeRequest` calls `init(validated:)` only after the
/// value passed `schema`, so the mapping may rely on every type and bound the schema states; the
/// `JSONObject` readers below throw the `DecodingError` the `Decodable` path would if it did not.
public protocol ValidatedRequestBody: RequestBody {
    init(validated value: JSONValue) throws(DecodingError)
}

/// Why a request body was refused. `apiError` turns it into the response.
public enum RequestDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not strict JSON: answer 400.
    case malformedJSON(JSONParseError)
    /// Valid JSON that breaks the schema (or the type's own decoding rules): answer 422.
    case invalid([ValidationIssue])

    public var apiError: APIError {
        switch self {
        case .malformedJSON(let error): .malformedJSON(error)
        case .invalid(let issues): .unprocessable(issues: issues)
        }
    }

    public var description: String {
        switch self {
        case .malformedJSON(let error): "malformed JSON: \(error)"
        case .invalid(let issues): issues.map(\.description).joined(separator: "; ")
        }
    }
}

/// Parses `bytes` strictly, validates them against `T.schema`, then decodes `T`, with request
/// date rules: any RFC 3339 date-time with a zone, normalised to UTC (see `JSONValueDecoder`).
public func decodeRequest<T: RequestBody>(
    _ type: T.Type,
    from bytes: some ContiguousBytes,
    maxDepth: Int = JSONParser.defaultMaxDepth,
    decoder: JSONValueDecoder = JSONValueDecoder()
) throws(RequestDecodingError) -> T {
    let value: JSONValue
    do {
        value = try JSONParser.parse(bytes, maxDepth: maxDepth)
    } catch {
        throw .malformedJSON(error)
    }
    return try decodeRequest(type, from: value, decoder: decoder)
}

/// Validates an already-parsed body against `T.schema` and decodes it.
public func decodeRequest<T: RequestBody>(
    _ type: T.Type,
    from value: JSONValue,
    decoder: JSONValueDecoder = JSONValueDecoder()
) throws(RequestDecodingError) -> T {
    let issues = SchemaValidator.validate(value, against: T.schema)
    guard issues.isEmpty else { throw .invalid(issues) }
    do {
        if let validated = type as? any ValidatedRequestBody.Type, let body = try validated.init(validated: value) as? T {
            return body
        }
        return try decoder.decode(type, from: value)
    } catch {
        throw .invalid([ValidationIssue(decodingError: error)])
    }
}

extension ValidationIssue {
    /// Maps a `DecodingError` (a custom `init(from:)` rejecting a value the schema allowed, or a
    /// type that disagrees with its schema) to an issue at the same path.
    init(decodingError error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.render(context.codingPath + [key]), code: .required, message: "is required")
        case .valueNotFound(_, let context):
            self.init(path: Self.render(context.codingPath), code: .invalidType, message: context.debugDescription)
        case .typeMismatch(_, let context):
            self.init(path: Self.render(context.codingPath), code: .invalidType, message: context.debugDescription)
        case .dataCorrupted(let context):
            self.init(path: Self.render(context.codingPath), code: .invalidValue, message: context.debugDescription)
        @unknown default:
            self.init(path: "", code: .invalidValue, message: "\(error)")
        }
    }

    private static func render(_ codingPath: [any CodingKey]) -> String {
        JSONPath.render(codingPath.map { key -> JSONPathComponent in
            if let anyKey = key as? AnyCodingKey, let index = anyKey.intValue { return .index(index) }
            return .key(key.stringValue)
        })
    }
}
