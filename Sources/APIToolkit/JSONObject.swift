/// A JSON object that remembers the order its keys were inserted in.
///
/// Order matters to us for two reasons: responses must be deterministic (golden tests, ETags,
/// diffable OpenAPI output), and encoded structs should read in declaration order. Lookup is a
/// linear scan for small objects (cheaper than hashing) and switches to a hash index once the
/// object grows past `indexThreshold` keys, so building large objects stays linear overall.
public struct JSONObject: Sendable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]
    private var positions: [String: Int]?
    private static let indexThreshold = 12

    public init() {
        members = []
    }

    /// Builds an object from pairs; a repeated key keeps its first position and takes the last value.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// Takes `candidates` as they are when their keys are unique (the normal case for encoded
    /// types, checked without hashing for small objects); otherwise merges repeated keys like
    /// `init(_:)` does.
    static func adopting(_ candidates: [Member]) -> JSONObject {
        guard keysAreUnique(candidates) else { return JSONObject(candidates.map { ($0.key, $0.value) }) }
        var object = JSONObject()
        object.members = candidates
        if candidates.count > indexThreshold { object.rebuildIndex() }
        return object
    }

    private static func keysAreUnique(_ candidates: [Member]) -> Bool {
        guard candidates.count > indexThreshold else {
            for (offset, member) in candidates.enumerated() where candidates[..<offset].contains(where: { $0.key == member.key }) {
                return false
            }
            return true
        }
        return Set(candidates.lazy.map(\.key)).count == candidates.count
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public func contains(key: String) -> Bool {
        position(of: key) != nil
    }

    /// Reading returns the value or `nil`; assigning replaces in place (order kept) or appends;
    /// assigning `nil` removes the key (it does not store JSON `null`: assign `.null` for that).
    public subscript(key: String) -> JSONValue? {
        get {
            position(of: key).map { members[$0].value }
        }
        set {
            if let newValue {
                set(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Stores `value` under `key`; returns `false` when the key already existed (value replaced).
    @discardableResult
    public mutating func set(_ value: JSONValue, forKey key: String) -> Bool {
        if let existing = position(of: key) {
            members[existing].value = value
            return false
        }
        members.append(Member(key: key, value: value))
        if positions != nil {
            positions![key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
        return true
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let existing = position(of: key) else { return nil }
        let removed = members.remove(at: existing).value
        if positions != nil { rebuildIndex() }
        return removed
    }

    /// Adds every member of `other`, replacing values of keys both objects have.
    public mutating func merge(_ other: JSONObject) {
        for member in other.members {
            set(member.value, forKey: member.key)
        }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndex() {
        var index = [String: Int](minimumCapacity: members.count)
        for (offset, member) in members.enumerated() {
            index[member.key] = offset
        }
        positions = index
    }
}

/// Equality is order-sensitive: two objects with the same members in a different order serialize
/// to different bytes, and we treat the bytes as the contract.
extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
