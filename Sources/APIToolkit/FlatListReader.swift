import Foundation

/// Reads a request body of the shape `{"<list>": [{…}, {…}, …]}` whose items are flat objects
/// straight into each item's member values, without building the `JSONValue` tree: for a
/// 500-entry batch, the tree (thousands of small objects and keys) and the walk validating it
/// cost more than reading the bytes.
///
/// The reader accepts a body only when `decodeRequest` would accept it and would produce the
/// same values: strings and numbers are read by `JSONParser`'s own code, every member value is
/// checked with its property's schema by `SchemaValidator`, and the structure is exactly the one
/// the body schema declares (the one list key, between `minItems` and `maxItems` items, no
/// unknown, repeated or missing keys). Anything else — an error of any kind, but also a valid
/// body outside this plain case, such as an item member holding an array — returns nil, and the
/// caller hands the body to the full parse and validation, which give the answer, error
/// envelope included.
public enum FlatListReader {
    /// The items of `bytes` read against `schema` (an object with one required array-of-objects
    /// property), at most `maxItems` of them, each mapped by `item` as soon as it is read, or nil
    /// (see above; also when `item` throws, which after validation means a mapping that
    /// disagrees with its schema, so the full path reports it). One buffer of member values
    /// serves every item: `item` gets a view of it and must not keep it.
    public static func read<Item>(_ bytes: [UInt8], against schema: Schema, maxItems: Int,
                                  item map: (inout MemberValues) throws(DecodingError) -> Item) -> [Item]? {
        guard let (list, rules, item) = shape(of: schema), list.isRequired, !rules.uniqueItems, !item.allowsUnknownKeys,
              item.minProperties == nil else { return nil }
        let limit = min(maxItems, rules.maxItems ?? maxItems)
        let names = item.properties.map(\.name)
        let keys = names.map { Array($0.utf8) }
        return bytes.withUnsafeBufferPointer { input -> [Item]? in
            var reader = Reader(cursor: JSONParserCursor(input: input, maxDepth: JSONParser.defaultMaxDepth))
            guard reader.consume(UInt8(ascii: "{")), reader.string() == list.name, reader.consume(UInt8(ascii: ":")),
                  reader.consume(UInt8(ascii: "[")) else { return nil }
            var items: [Item] = []
            var members = MemberValues(names: names, values: [JSONValue?](repeating: nil, count: names.count))
            repeat {
                guard items.count < limit, reader.object(item, keys: keys, into: &members.values),
                      let mapped = try? map(&members) else { return nil }
                items.append(mapped)
            } while reader.consume(UInt8(ascii: ","))
            guard items.count >= rules.minItems ?? 0, reader.consume(UInt8(ascii: "]")), reader.consume(UInt8(ascii: "}")),
                  reader.atEnd() else { return nil }
            return items
        }
    }

    /// The items as their member values (`read(_:against:maxItems:item:)` keeping each item's).
    public static func read(_ bytes: [UInt8], against schema: Schema, maxItems: Int) -> [MemberValues]? {
        read(bytes, against: schema, maxItems: maxItems) { members in members }
    }

    /// The items of a body of this shape that was parsed and validated the usual way, for a
    /// mapping shared by both routes (`ValidatedRequestBody.init(validated:)`).
    public static func items(of value: JSONValue, as schema: Schema) -> [MemberValues] {
        guard let (list, _, item) = shape(of: schema) else { preconditionFailure("not a body of one list of objects") }
        return (value[list.name]?.arrayValue ?? []).map { MemberValues($0.objectValue ?? JSONObject(), as: item) }
    }

    /// The list property, its rules and its items' schema, when `schema` is an object holding
    /// exactly one property, a list of objects.
    private static func shape(of schema: Schema) -> (list: Property, rules: ArrayRules, item: ObjectSchema)? {
        guard case .object(let body) = schema, body.minProperties == nil, body.properties.count == 1, let list = body.properties.first,
              case .array(let rules) = list.schema, case .object(let item) = rules.items else { return nil }
        return (list, rules, item)
    }

    /// `JSONParserCursor` driven piece by piece; every failure is nil.
    private struct Reader {
        var cursor: JSONParserCursor

        /// Skips whitespace, then takes `byte` if it comes next.
        mutating func consume(_ byte: UInt8) -> Bool {
            cursor.skipWhitespace()
            guard cursor.offset < cursor.input.count, cursor.input[cursor.offset] == byte else { return false }
            cursor.offset += 1
            return true
        }

        mutating func atEnd() -> Bool {
            cursor.skipWhitespace()
            return cursor.offset == cursor.input.count
        }

        mutating func string() -> String? {
            cursor.skipWhitespace()
            guard cursor.offset < cursor.input.count, cursor.input[cursor.offset] == UInt8(ascii: "\"") else { return nil }
            return try? cursor.parseString()
        }

        /// A string, number, boolean or null; nil for an object, an array or broken JSON.
        mutating func scalar() -> JSONValue? {
            cursor.skipWhitespace()
            guard cursor.offset < cursor.input.count else { return nil }
            do {
                switch cursor.input[cursor.offset] {
                case UInt8(ascii: "\""): return .string(try cursor.parseString())
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try cursor.parseNumber()
                case UInt8(ascii: "t"): try cursor.expectLiteral("true"); return .bool(true)
                case UInt8(ascii: "f"): try cursor.expectLiteral("false"); return .bool(false)
                case UInt8(ascii: "n"): try cursor.expectLiteral("null"); return .null
                default: return nil
                }
            } catch {
                return nil
            }
        }

        /// One item into `values`: its members' values in `schema`'s property order, each valid
        /// for its property, no key unknown or repeated, every required one present. `keys` are
        /// the properties' names as bytes: a key is matched where it lies in the input, without
        /// a `String` of its own; a key written with escapes matches none (the full path reads it).
        mutating func object(_ schema: ObjectSchema, keys: [[UInt8]], into values: inout [JSONValue?]) -> Bool {
            guard consume(UInt8(ascii: "{")) else { return false }
            for position in values.indices { values[position] = nil }
            var position = -1
            repeat {
                position = key(in: keys, after: position)
                guard position >= 0, values[position] == nil,
                      consume(UInt8(ascii: ":")), let value = scalar(),
                      SchemaValidator.validate(value, against: schema.properties[position].schema).isEmpty else { return false }
                values[position] = value
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { return false }
            for (position, property) in schema.properties.enumerated() where property.isRequired && values[position] == nil {
                return false
            }
            return true
        }

        /// The index in `keys` of the object key that comes next (and the cursor past it), or -1.
        /// Clients send the keys in the declared order, so the search starts after the previous
        /// key's: usually one comparison of a few bytes.
        mutating func key(in keys: [[UInt8]], after previous: Int) -> Int {
            cursor.skipWhitespace()
            let input = cursor.input, start = cursor.offset + 1
            guard start < input.count, input[cursor.offset] == UInt8(ascii: "\""),
                  let end = input[start...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
                  input[end] == UInt8(ascii: "\"") else { return -1 }
            let key = UnsafeBufferPointer(rebasing: input[start..<end])
            guard !keys.isEmpty else { return -1 }
            for step in 1...keys.count {
                let candidate = (previous + step) % keys.count
                if keys[candidate].count == key.count, keys[candidate].elementsEqual(key) {
                    cursor.offset = end + 1
                    return candidate
                }
            }
            return -1
        }
    }
}

/// The member values of one validated object, by property name: what a `ValidatedRequestBody`
/// maps from, whether they came from `FlatListReader` or from a parsed `JSONObject`. The readers
/// convert by `JSONValueDecoder`'s rules (`PrimitiveDecoding`) and throw the `DecodingError` it
/// would; the optional ones return nil for an absent member or `null`, as `decodeIfPresent`
/// does. After validation an error only arises when a mapping and its schema disagree. The
/// readers are `mutating` only to remember where the last name was found: a mapping reads the
/// members in the schema's order, so each name is then found at the first place looked.
public struct MemberValues: Sendable, Equatable {
    let names: [String]
    var values: [JSONValue?]
    /// The position of the member read last.
    private var lastRead = -1

    /// `object`'s members named by `schema`'s properties (others are ignored).
    public init(_ object: JSONObject, as schema: ObjectSchema) {
        names = schema.properties.map(\.name)
        values = names.map { object[$0] }
    }

    init(names: [String], values: [JSONValue?]) {
        self.names = names
        self.values = values
    }

    public static func == (lhs: MemberValues, rhs: MemberValues) -> Bool {
        lhs.names == rhs.names && lhs.values == rhs.values
    }

    public mutating func string(_ name: String) throws(DecodingError) -> String {
        try required(name) { value, path throws in try PrimitiveDecoding.string(value, at: path) }
    }

    public mutating func optionalString(_ name: String) throws(DecodingError) -> String? {
        try optional(name) { value, path throws in try PrimitiveDecoding.string(value, at: path) }
    }

    public mutating func double(_ name: String) throws(DecodingError) -> Double {
        try required(name) { value, path throws in try PrimitiveDecoding.double(value, at: path) }
    }

    public mutating func optionalInt(_ name: String) throws(DecodingError) -> Int? {
        try optional(name) { value, path throws in try PrimitiveDecoding.integer(Int.self, value, at: path) }
    }

    public mutating func date(_ name: String) throws(DecodingError) -> Date {
        try required(name) { value, path throws in try PrimitiveDecoding.date(value, at: path) }
    }

    /// The value of member `name`, searched from the one after the member read last.
    private mutating func value(_ name: String) -> JSONValue? {
        guard !names.isEmpty else { return nil }
        for step in 1...names.count {
            let candidate = (lastRead + step) % names.count
            if names[candidate] == name {
                lastRead = candidate
                return values[candidate]
            }
        }
        return nil
    }

    private mutating func required<T>(_ name: String, _ convert: (JSONValue, [any CodingKey]) throws -> T) throws(DecodingError) -> T {
        guard let value = value(name) else {
            throw .keyNotFound(AnyCodingKey(name), DecodingError.Context(codingPath: [], debugDescription: "no value for \"\(name)\""))
        }
        return try converted(value, name: name, convert)
    }

    private mutating func optional<T>(_ name: String, _ convert: (JSONValue, [any CodingKey]) throws -> T) throws(DecodingError) -> T? {
        guard let value = value(name), !value.isNull else { return nil }
        return try converted(value, name: name, convert)
    }

    private func converted<T>(_ value: JSONValue, name: String,
                              _ convert: (JSONValue, [any CodingKey]) throws -> T) throws(DecodingError) -> T {
        // Converted at the empty path (no array to allocate per member); a failure is moved to the member's.
        do {
            return try convert(value, [])
        } catch let error as DecodingError {
            let path: [any CodingKey] = [AnyCodingKey(name)]
            switch error {
            case .typeMismatch(let type, let context):
                throw .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: context.debugDescription))
            case .valueNotFound(let type, let context):
                throw .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: context.debugDescription))
            default:
                throw .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "\(error)"))
            }
        } catch {
            throw .dataCorrupted(DecodingError.Context(codingPath: [AnyCodingKey(name)], debugDescription: "\(error)"))
        }
    }
}
