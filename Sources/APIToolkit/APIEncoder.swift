import Foundation

/// Encodes `Encodable` values into `JSONValue` the way the iOS apps need to decode them.
///
/// Foundation's `JSONEncoder` is not used because synthesized `Encodable` conformances skip nil
/// optionals (`encodeIfPresent`), and our clients need every nullable key present as `null`.
/// Rules applied here:
/// - `nil` optionals are written as `null`, keys in declaration (call) order;
/// - `Date` → `YYYY-MM-DDTHH:MM:SSZ` (`APIDate.format`); dates outside years 0000–9999 throw;
/// - integers → JSON integers; `UInt64` above `Int64.max` throws rather than losing precision;
/// - `Double`/`Float` → JSON numbers; NaN and ±infinity throw;
/// - `URL` → its absolute string, `UUID` → lowercase string, `Data` → base64 string,
///   `Decimal` → number, `JSONValue`/`JSONObject` → themselves;
/// - `[String: V]` dictionaries → objects with keys sorted, so output does not depend on hashing
///   (dictionaries with other key types keep Swift's hash order: prefer `JSONObject` for those).
public struct APIEncoder: Sendable {
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    public func encode(_ value: some Encodable) throws(EncodingError) -> JSONValue {
        let root = ValueEncoder(codingPath: [], userInfo: userInfo)
        do {
            return try root.encodeValue(value, at: [])
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "encoding failed: \(error)", underlyingError: error))
        }
    }

    /// Encodes and serializes in one step: the usual path for a response body.
    public func encodeToBytes(_ value: some Encodable, layout: JSONSerializer.Layout = .compact) throws(EncodingError) -> [UInt8] {
        let json = try encode(value)
        do {
            return try JSONSerializer.serialize(json, layout: layout)
        } catch {
            // `encode` already rejects non-finite numbers, so this only fires for a `JSONValue`
            // embedded in the model that carries one; report it the same way.
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: error.description, underlyingError: error))
        }
    }
}

/// Converts the primitive values the containers receive into JSON values, with the checks
/// documented on `APIEncoder`. Paths are autoclosures: they are only built for an error.
enum PrimitiveEncoding {
    static func integer(_ value: some BinaryInteger, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard let exact = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path(), debugDescription: "\(value) does not fit in a signed 64-bit JSON integer"))
        }
        return .integer(exact)
    }

    static func double(_ value: Double, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path(), debugDescription: "\(value) cannot be represented in JSON"))
        }
        return .number(value)
    }

    /// Goes through the float's shortest decimal text so `Float(0.1)` is written `0.1`, not
    /// `0.10000000149011612`.
    static func float(_ value: Float, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else { return try double(Double(value), at: path()) }
        return .number(Double(value.description) ?? Double(value))
    }

    static func date(_ date: Date, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard APIDate.isRepresentable(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: path(), debugDescription: "\(date.timeIntervalSince1970) is outside years 0000-9999"))
        }
        return .string(APIDate.format(date))
    }

    static func decimal(_ decimal: Decimal, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard let value = Double(decimal.description), value.isFinite else {
            throw EncodingError.invalidValue(decimal, EncodingError.Context(
                codingPath: path(), debugDescription: "\(decimal) cannot be represented in JSON"))
        }
        return .number(value)
    }
}
