import Foundation

/// A Swift type that can be read out of a `Row` column.
///
/// `init(sqlValue:)` returns nil when the stored value cannot represent the type exactly;
/// `Row.decode` turns that into a `DatabaseError` naming the column, the expected type and
/// the stored type. Conversions are deliberately narrow: a lossy or surprising conversion
/// (text to number, 2 to `true`) would hide schema mistakes that surface later on the other
/// driver.
public protocol SQLValueDecodable {
    init?(sqlValue: SQLValue)
}

extension SQLValue: SQLValueDecodable {
    public init?(sqlValue: SQLValue) { self = sqlValue }
}

extension Int64: SQLValueDecodable {
    /// Also accepts a real with an exact integral value: PostgreSQL returns `numeric` (read
    /// as real) for expressions such as `SUM(bigint)` that are integers in SQLite.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(let value): self = value
        case .real(let value): guard let exact = Int64(exactly: value) else { return nil }; self = exact
        default: return nil
        }
    }
}

extension Int: SQLValueDecodable {
    public init?(sqlValue: SQLValue) {
        guard let wide = Int64(sqlValue: sqlValue), let value = Int(exactly: wide) else { return nil }
        self = value
    }
}

extension Int32: SQLValueDecodable {
    public init?(sqlValue: SQLValue) {
        guard let wide = Int64(sqlValue: sqlValue), let value = Int32(exactly: wide) else { return nil }
        self = value
    }
}

extension Double: SQLValueDecodable {
    /// Also accepts integers: SQLite stores an integral value written to a `REAL` column as
    /// an integer when that is exact, and aggregates like `AVG` may come back either way.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: SQLValueDecodable {
    public init?(sqlValue: SQLValue) {
        guard case .text(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Bool: SQLValueDecodable {
    /// Only 0 and 1: the representation written by `Bool.sqlValue` and by PostgreSQL `boolean`.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
}

extension Date: SQLValueDecodable {
    /// Reads integer unix seconds, the representation written by `Date.sqlValue`.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let seconds) = sqlValue else { return nil }
        self = Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

extension Array: SQLValueDecodable where Element == UInt8 {
    public init?(sqlValue: SQLValue) {
        guard case .blob(let bytes) = sqlValue else { return nil }
        self = bytes
    }
}

extension Optional: SQLValueDecodable where Wrapped: SQLValueDecodable {
    /// SQL NULL becomes `nil`; any other value must decode as `Wrapped`. Inlinable, like
    /// `Row.decode`, so reading an optional column needs no runtime metadata lookup.
    @inlinable
    public init?(sqlValue: SQLValue) {
        if sqlValue.isNull {
            self = .none
        } else if let value = Wrapped(sqlValue: sqlValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
