/// Turns a `JSONValue` into UTF-8 bytes ready for a response body.
public enum JSONSerializer {
    public enum Layout: Sendable {
        /// No whitespace at all: what responses use.
        case compact
        /// Two-space indentation and `": "` separators: for documents people read (openapi.json).
        case indented
    }

    /// Serializes `value`. Throws when it contains NaN or ±infinity: JSON cannot express them, and
    /// emitting `null` silently instead would break a non-optional `Double` on the client.
    public static func serialize(_ value: JSONValue, layout: Layout = .compact) throws(JSONSerializationError) -> [UInt8] {
        var writer = JSONWriter(layout: layout)
        do {
            try writer.write(value)
        } catch {
            throw JSONSerializationError(error)
        }
        return writer.takeBytes()
    }

    /// Appends the serialization of `value` to `buffer`, reusing its storage. On error `buffer` is
    /// left as it was.
    public static func serialize(_ value: JSONValue, appendingTo buffer: inout [UInt8], layout: Layout = .compact) throws(JSONSerializationError) {
        let originalCount = buffer.count
        var storage: [UInt8] = []
        swap(&storage, &buffer)
        var writer = JSONWriter(appendingTo: storage, layout: layout)
        storage = []
        do {
            try writer.write(value)
            buffer = writer.takeBytes()
        } catch {
            buffer = writer.takeBytes()
            buffer.removeSubrange(originalCount...)
            throw JSONSerializationError(error)
        }
    }
}

/// A number that JSON cannot represent (NaN, ±infinity) was found while serializing.
/// This is a programmer error on the server side; the path says which value it was.
public struct JSONSerializationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the value sits, e.g. `data.entries[2].value`; empty for the root.
    public let path: String
    public let value: Double

    init(_ failure: JSONWriter.NonFiniteNumber) {
        path = JSONPath.render(failure.reversedPath.reversed())
        value = failure.value
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.path == rhs.path && lhs.value.bitPattern == rhs.value.bitPattern
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(value.bitPattern)
    }

    public var description: String {
        "cannot serialize non-finite number \(value) at \(path.isEmpty ? "the root" : path)"
    }
}

extension JSONValue {
    /// Compact UTF-8 JSON for this value; see `JSONSerializer.serialize`.
    public func serialized(layout: JSONSerializer.Layout = .compact) throws(JSONSerializationError) -> [UInt8] {
        try JSONSerializer.serialize(self, layout: layout)
    }
}
