import Foundation

/// The `Encoder` handed to `Encodable.encode(to:)`. One instance per nested value.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    var node: EncodedNode?

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.codingPath = codingPath
        sendableUserInfo = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectNode
        if case .object(let existing) = node {
            object = existing
        } else {
            object = ObjectNode()
            node = .object(object)
        }
        return KeyedEncodingContainer(APIKeyedEncodingContainer(encoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayNode
        if case .array(let existing) = node {
            array = existing
        } else {
            array = ArrayNode()
            node = .array(array)
        }
        return APIUnkeyedEncodingContainer(encoder: self, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        APISingleValueEncodingContainer(encoder: self)
    }

    /// Encodes a nested value, intercepting the types whose JSON form we define ourselves. Common
    /// primitives are matched first: `Array` and `Dictionary` encode their elements through the
    /// generic entry point, and this avoids an encoder allocation per element.
    func encodeValue<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        if let special = try specialValue(value, at: path()) { return special }
        let child = ValueEncoder(codingPath: path(), userInfo: sendableUserInfo)
        try value.encode(to: child)
        return child.node?.materialize() ?? .object(JSONObject())
    }

    /// Metatype comparisons rather than `as?` casts: this runs for every nested value, and an
    /// identity check on `T.self` is far cheaper than a dynamic cast that fails.
    private func specialValue<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .integer(Int64(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return try PrimitiveEncoding.double(value as! Double, at: path()) }
        if T.self == Date.self { return try PrimitiveEncoding.date(value as! Date, at: path()) }
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == JSONObject.self { return .object(value as! JSONObject) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == UUID.self { return .string((value as! UUID).uuidString.lowercased()) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == Decimal.self { return try PrimitiveEncoding.decimal(value as! Decimal, at: path()) }
        guard T.self is any StringKeyedEncodableDictionary.Type, let dictionary = value as? any StringKeyedEncodableDictionary else {
            return nil
        }
        var object = JSONObject()
        for (key, element) in dictionary.membersSortedByKey() {
            object[key] = try encodeValue(element, at: path() + [AnyCodingKey(key)])
        }
        return .object(object)
    }
}

/// Lets the encoder recognise `[String: V]` without knowing `V`, to sort its keys.
protocol StringKeyedEncodableDictionary {
    func membersSortedByKey() -> [(String, any Encodable)]
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    func membersSortedByKey() -> [(String, any Encodable)] {
        sorted { $0.key < $1.key }.map { ($0.key, $0.value as any Encodable) }
    }
}
