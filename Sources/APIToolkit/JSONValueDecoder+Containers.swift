/// Keyed access to a JSON object. A missing key is `keyNotFound`; `decodeIfPresent` (the
/// standard library default) turns missing keys and `null` into `nil`.
struct APIKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object.contains(key: key.stringValue) }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "no value for key \"\(key.stringValue)\""))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try PrimitiveDecoding.bool(value(for: key), at: path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try PrimitiveDecoding.string(value(for: key), at: path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try PrimitiveDecoding.double(value(for: key), at: path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try PrimitiveDecoding.float(value(for: key), at: path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try PrimitiveDecoding.integer(type, value(for: key), at: path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, from: value(for: key), at: path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try childDecoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: object["super"] ?? .null, codingPath: codingPath + [AnyCodingKey("super")], userInfo: decoder.sendableUserInfo)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: path(key), userInfo: decoder.sendableUserInfo)
    }

    private func childDecoder(_ key: Key) throws -> ValueDecoder {
        ValueDecoder(value: try value(for: key), codingPath: path(key), userInfo: decoder.sendableUserInfo)
    }
}

/// Sequential access to a JSON array.
struct APIUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, elements: [JSONValue], codingPath: [any CodingKey]) {
        self.decoder = decoder
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Returns the next element and its path, advancing only once the caller succeeded.
    private mutating func next<T>(_ type: T.Type, _ convert: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        let path = codingPath + [AnyCodingKey(index: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "the array has no more elements"))
        }
        let result = try convert(elements[currentIndex], path)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type, PrimitiveDecoding.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type, PrimitiveDecoding.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type, PrimitiveDecoding.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type, PrimitiveDecoding.float) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try PrimitiveDecoding.integer(type, $0, at: $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = decoder
        return try next(type) { value, path in try decoder.decode(type, from: value, at: path) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(ValueDecoder.self, childDecoder).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next(ValueDecoder.self, childDecoder).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(ValueDecoder.self, childDecoder)
    }

    private func childDecoder(_ value: JSONValue, _ path: [any CodingKey]) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: path, userInfo: decoder.sendableUserInfo)
    }
}

/// A single value: the decoder's own.
struct APISingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try PrimitiveDecoding.bool(decoder.value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try PrimitiveDecoding.string(decoder.value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try PrimitiveDecoding.double(decoder.value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try PrimitiveDecoding.float(decoder.value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try PrimitiveDecoding.integer(type, decoder.value, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
