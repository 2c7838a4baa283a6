import Foundation

/// Decodes `Decodable` types from an already-parsed `JSONValue`, so a request body is parsed once
/// (strictly, by `JSONParser`) and validated before any model sees it.
///
/// Conversions are the mirror image of `APIEncoder`, with the request-side date rule:
/// - `Date` ← any RFC 3339 date-time with a zone (`APIDate.parseWithOffset`), normalised to UTC;
/// - integer types ← JSON integers, or integral numbers such as `3.0` (what Zod's `.int()` accepts),
///   with a range check for the target type; `3.5` is a type mismatch;
/// - `Double`/`Float`/`Decimal` ← any JSON number; `URL`, `UUID` ← strings; `Data` ← base64 string;
/// - `JSONValue`/`JSONObject` ← the value itself, key order intact.
public struct JSONValueDecoder: Sendable {
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(DecodingError) -> T {
        let decoder = ValueDecoder(value: value, codingPath: [], userInfo: userInfo)
        do {
            return try decoder.decodeValue(type)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}

/// The `Decoder` handed to `Decodable.init(from:)`; one per nested value.
final class ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        sendableUserInfo = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw DecodingFailure.typeMismatch(JSONObject.self, value, codingPath) }
        return KeyedDecodingContainer(APIKeyedDecodingContainer<Key>(decoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw DecodingFailure.typeMismatch([JSONValue].self, value, codingPath) }
        return APIUnkeyedDecodingContainer(decoder: self, elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        APISingleValueDecodingContainer(decoder: self)
    }

    /// Decodes this decoder's own value, intercepting the types whose JSON form we define. Common
    /// primitives are matched first because collections decode elements through this generic path.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(type, from: value, at: codingPath)
    }

    /// Decodes `value` found at `path`; see `decodeValue`.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
        if T.self == JSONValue.self { return value as! T }
        if T.self == String.self { return try PrimitiveDecoding.string(value, at: path) as! T }
        if T.self == Int.self { return try PrimitiveDecoding.integer(Int.self, value, at: path) as! T }
        if T.self == Double.self { return try PrimitiveDecoding.double(value, at: path) as! T }
        if T.self == Bool.self { return try PrimitiveDecoding.bool(value, at: path) as! T }
        if T.self == Date.self { return try PrimitiveDecoding.date(value, at: path) as! T }
        if T.self == JSONObject.self {
            guard case .object(let object) = value else { throw DecodingFailure.typeMismatch(JSONObject.self, value, path) }
            return object as! T
        }
        if T.self == URL.self {
            let text = try PrimitiveDecoding.string(value, at: path)
            guard let url = URL(string: text) else { throw DecodingFailure.corrupted("\"\(text)\" is not a valid URL", path) }
            return url as! T
        }
        if T.self == UUID.self {
            let text = try PrimitiveDecoding.string(value, at: path)
            guard let uuid = UUID(uuidString: text) else { throw DecodingFailure.corrupted("\"\(text)\" is not a valid UUID", path) }
            return uuid as! T
        }
        if T.self == Data.self {
            let text = try PrimitiveDecoding.string(value, at: path)
            guard let data = Data(base64Encoded: text) else { throw DecodingFailure.corrupted("the string is not valid base64", path) }
            return data as! T
        }
        if T.self == Decimal.self { return try PrimitiveDecoding.decimal(value, at: path) as! T }
        return try T(from: ValueDecoder(value: value, codingPath: path, userInfo: sendableUserInfo))
    }
}

/// The strict conversions from JSON values to Swift primitives.
enum PrimitiveDecoding {
    static func string(_ value: JSONValue, at path: [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw DecodingFailure.typeMismatch(String.self, value, path) }
        return string
    }

    static func bool(_ value: JSONValue, at path: [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw DecodingFailure.typeMismatch(Bool.self, value, path) }
        return bool
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: JSONValue, at path: [any CodingKey]) throws -> T {
        let exact: T?
        switch value {
        case .integer(let integer): exact = T(exactly: integer)
        case .number(let number) where number.rounded(.towardZero) == number: exact = T(exactly: number)
        default: throw DecodingFailure.typeMismatch(type, value, path)
        }
        guard let exact else { throw DecodingFailure.corrupted("number does not fit in \(T.self)", path) }
        return exact
    }

    static func double(_ value: JSONValue, at path: [any CodingKey]) throws -> Double {
        guard let double = value.doubleValue else { throw DecodingFailure.typeMismatch(Double.self, value, path) }
        return double
    }

    static func float(_ value: JSONValue, at path: [any CodingKey]) throws -> Float {
        let float = Float(try double(value, at: path))
        guard float.isFinite else { throw DecodingFailure.corrupted("number does not fit in Float", path) }
        return float
    }

    /// Goes through the number's shortest decimal text so `12.34` becomes exactly 12.34.
    static func decimal(_ value: JSONValue, at path: [any CodingKey]) throws -> Decimal {
        switch value {
        case .integer(let integer): return Decimal(integer)
        case .number(let number): return Decimal(string: number.description) ?? Decimal(number)
        default: throw DecodingFailure.typeMismatch(Decimal.self, value, path)
        }
    }

    static func date(_ value: JSONValue, at path: [any CodingKey]) throws -> Date {
        let text = try string(value, at: path)
        guard let date = APIDate.parseWithOffset(text) else {
            throw DecodingFailure.corrupted("\"\(text)\" is not an RFC 3339 date-time with a timezone", path)
        }
        return date
    }
}

/// The `DecodingError`s this decoder throws; `null` where a value is needed is `valueNotFound`.
enum DecodingFailure {
    static func typeMismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "expected \(type), got null"))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "expected \(type), got \(value.typeName)"))
    }

    static func corrupted(_ description: String, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: description))
    }
}
