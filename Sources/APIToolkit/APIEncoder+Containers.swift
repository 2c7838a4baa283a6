/// The unkeyed (array) container; elements keep their order.
struct APIUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let array: ArrayNode
    let codingPath: [any CodingKey]

    var count: Int { array.count }

    private func put(_ value: JSONValue) {
        array.append(value)
    }

    private var nextPath: [any CodingKey] {
        codingPath + [AnyCodingKey(index: count)]
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try PrimitiveEncoding.double(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws { put(try PrimitiveEncoding.float(value, at: nextPath)) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(try PrimitiveEncoding.integer(value, at: nextPath)) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { put(try PrimitiveEncoding.integer(value, at: nextPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.append(try encoder.encodeValue(value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        let path = nextPath
        array.append(open: .object(nested))
        return KeyedEncodingContainer(APIKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        let path = nextPath
        array.append(open: .array(nested))
        return APIUnkeyedEncodingContainer(encoder: encoder, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let child = ValueEncoder(codingPath: nextPath, userInfo: encoder.sendableUserInfo)
        array.append(open: .deferred(child))
        return child
    }
}

/// The single-value container writes straight into its encoder's node.
struct APISingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: JSONValue) {
        encoder.node = .value(value)
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try PrimitiveEncoding.double(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { put(try PrimitiveEncoding.float(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(try PrimitiveEncoding.integer(value, at: codingPath)) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { put(try PrimitiveEncoding.integer(value, at: codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.node = .value(try encoder.encodeValue(value, at: codingPath))
    }
}
