/// Header fields in arrival order. Names compare case-insensitively (RFC 9110 §5.1);
/// order and duplicates are kept because some checks (duplicated `Content-Length`) need them.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }
    public init(_ fields: [(String, String)]) { self.fields = fields.map { (name: $0.0, value: $0.1) } }
    init(fields: [(name: String, value: String)]) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// The first value of `name`, or nil.
    /// Walks the fields by index: iterating would copy each field (two retains and releases).
    public subscript(name: String) -> String? {
        for index in fields.indices where fields[index].name.equalsIgnoringASCIICase(name) { return fields[index].value }
        return nil
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public mutating func add(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

    /// Replaces every value of `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// RFC 9110 §5.6.2: a field name is a token, with no spaces, colons or control characters.
    public static func isValidFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// A `tchar` (RFC 9110 §5.6.2): a digit, a letter or one of ``!#$%&'*+-.^_`|~``. One bit per
    /// ASCII byte in two words, so each byte of a header name costs a shift, not a search.
    @inlinable
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        let (low, high): (UInt64, UInt64) = (0x03FF_6CFA_0000_0000, 0x57FF_FFFF_C7FF_FFFE)
        return byte < 64 ? low >> byte & 1 == 1 : byte < 128 && high >> (byte - 64) & 1 == 1
    }

    /// True when a comma-separated header (e.g. `Connection`) lists `token`, case-insensitively.
    public func hasToken(_ token: String, in name: String) -> Bool {
        values(name).contains { value in
            value.split(separator: ",").contains { $0.trimmingASCIISpaces().equalsIgnoringASCIICase(token) }
        }
    }
}

extension String {
    /// The concrete fast path of the comparison below: header lookups run several times per
    /// request. Both strings' bytes are read in place, without copying either string.
    public func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let inPlace = utf8.withContiguousStorageIfAvailable { x in
            other.utf8.withContiguousStorageIfAvailable { y in
                for i in 0..<x.count where x[i] != y[i] {
                    let lower = x[i] | 0x20
                    guard lower == y[i] | 0x20, lower >= 0x61, lower <= 0x7A else { return false }
                }
                return true
            }
        }
        return inPlace.flatMap { $0 } ?? Substring(self).equalsIgnoringASCIICase(other)
    }
}

extension StringProtocol {
    /// ASCII-only case folding: header names and tokens are ASCII, and Foundation's
    /// locale-aware comparisons are both slower and wrong for protocol text.
    public func equalsIgnoringASCIICase<Other: StringProtocol>(_ other: Other) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            guard x | 0x20 == y | 0x20, (x | 0x20) >= UInt8(ascii: "a"), (x | 0x20) <= UInt8(ascii: "z") else { return false }
        }
        return true
    }

    public func trimmingASCIISpaces() -> Substring {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
