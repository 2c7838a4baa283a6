import Foundation

/// A Swift value that can be bound to a `$n` placeholder.
///
/// Conformances choose one storage representation per type, identical on both drivers, so a
/// value written through SQLite reads back the same way from PostgreSQL:
/// `Bool` → integer 0/1, `Date` → integer unix seconds, `[UInt8]` → blob.
public protocol SQLValueConvertible {
    var sqlValue: SQLValue { get }

    /// Hands the value to `binder` as `sqlValue` would be bound; the common types bind
    /// themselves without building the `SQLValue`.
    func bind(to binder: inout ParameterBinder)
}

extension SQLValueConvertible {
    public func bind(to binder: inout ParameterBinder) { binder.bind(sqlValue) }
}

extension SQLValue: SQLValueConvertible {
    public var sqlValue: SQLValue { self }
}

extension Int64: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
    public func bind(to binder: inout ParameterBinder) { binder.bind(self) }
}

extension Int: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public func bind(to binder: inout ParameterBinder) { binder.bind(Int64(self)) }
}

extension Int32: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
    public func bind(to binder: inout ParameterBinder) { binder.bind(self) }
}

extension String: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
    public func bind(to binder: inout ParameterBinder) { binder.bind(self) }
}

extension Substring: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(String(self)) }
}

extension Bool: SQLValueConvertible {
    /// Stored as integer 0 or 1: SQLite has no boolean type, so schemas use an integer column
    /// (`SMALLINT`/`INTEGER`) on both drivers. Reading a PostgreSQL `boolean` column also
    /// yields 0/1, but binding into one is not supported: declare such columns as integers.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Date: SQLValueConvertible {
    /// Stored as integer unix seconds, rounded down: fractions of a second are dropped.
    /// Integer seconds compare, index and sort identically on both drivers and carry no
    /// time-zone ambiguity; declare such columns `BIGINT`.
    public var sqlValue: SQLValue { .integer(Int64(timeIntervalSince1970.rounded(.down))) }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }

    public func bind(to binder: inout ParameterBinder) {
        guard let self else { return binder.bindNull() }
        self.bind(to: &binder)
    }
}
