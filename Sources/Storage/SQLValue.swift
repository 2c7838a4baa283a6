/// One value as it crosses the boundary between Swift and a database, in either direction.
///
/// The five cases are SQLite's storage classes, which every PostgreSQL type the drivers
/// support maps onto (see `PostgresValueDecoding.swift`). Keeping the set this small is what
/// lets one piece of calling code run unchanged on both drivers.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The case name, used in error messages (never the value: it may be personal data).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension SQLValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// Booleans are stored as integers 0/1 on both drivers (see `Bool: SQLValueConvertible`).
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: CustomStringConvertible {
    /// A debugging rendering. Blobs show only their length so logs never fill with bytes.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .blob(let bytes): "<blob \(bytes.count) bytes>"
        }
    }
}
