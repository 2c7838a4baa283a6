/// One result row: column names in select-list order and the matching values.
///
/// Rows are plain values, fully materialised before the query call returns, so they can be
/// sent across tasks and outlive the connection that produced them.
public struct Row: Sendable, Hashable {
    /// Column names as the database reported them. PostgreSQL folds unquoted identifiers to
    /// lower case while SQLite keeps the spelling of the query, hence the case-insensitive
    /// fallback in lookups.
    public let columns: [String]
    public let values: [SQLValue]

    init(columns: [String], values: [SQLValue]) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.columns = columns
        self.values = values
    }

    /// The value of `column`, or nil when the row has no such column.
    public subscript(column: String) -> SQLValue? {
        columnIndex(column).map { values[$0] }
    }

    /// The value at `index` in select-list order.
    public subscript(index: Int) -> SQLValue {
        values[index]
    }

    /// Decodes `column` as `type`, e.g. `try row.decode(Int64.self, "id")` or
    /// `try row.decode(String?.self, "note")`.
    /// - Throws: `DatabaseError` `.columnNotFound` or `.typeMismatch` naming the column, the
    ///   expected type and the stored type.
    ///
    /// The decoding functions are inlinable so callers get them specialized for `T`: a generic
    /// call looked up the metadata of `T?` in the runtime's locked cache on every column read,
    /// which cost more than the read itself when a job reads thousands of rows.
    @inlinable
    public func decode<T: SQLValueDecodable>(_ type: T.Type, _ column: String) throws -> T {
        guard let index = columnIndex(column) else { throw missingColumn(column) }
        return try decodeValue(at: index, as: type)
    }

    /// Same as `decode(_:_:)` with the type taken from context: `let id: Int64 = try row.decode("id")`.
    @inlinable
    public func decode<T: SQLValueDecodable>(_ column: String) throws -> T {
        try decode(T.self, column)
    }

    /// Decodes the value at `index` in select-list order.
    @inlinable
    public func decode<T: SQLValueDecodable>(_ type: T.Type, at index: Int) throws -> T {
        guard values.indices.contains(index) else {
            throw DatabaseError(.columnNotFound, "no column at index \(index); the row has \(values.count) columns")
        }
        return try decodeValue(at: index, as: type)
    }

    @inlinable
    func decodeValue<T: SQLValueDecodable>(at index: Int, as type: T.Type) throws -> T {
        let value = values[index]
        guard let decoded = T(sqlValue: value) else { throw mismatch(at: index, value, type) }
        return decoded
    }

    @usableFromInline
    func missingColumn(_ column: String) -> DatabaseError {
        DatabaseError(.columnNotFound, "no column \"\(column)\" in row; columns are: \(columns.joined(separator: ", "))")
    }

    @usableFromInline
    func mismatch<T: SQLValueDecodable>(at index: Int, _ value: SQLValue, _ type: T.Type) -> DatabaseError {
        DatabaseError(.typeMismatch, "column \"\(columns[index])\": expected \(T.self), found \(value.typeName)"
                          + Self.mismatchDetail(value, type))
    }

    /// Explains the mismatches the two type names alone do not: a numeric value that the
    /// numeric type could hold in general, just not this one.
    private static func mismatchDetail<T: SQLValueDecodable>(_ value: SQLValue, _ type: T.Type) -> String {
        switch value {
        case .integer where T(sqlValue: .integer(0)) != nil: " (out of range for \(T.self))"
        case .real where T(sqlValue: .real(0)) != nil: " (not an exact value in range for \(T.self))"
        default: ""
        }
    }

    @usableFromInline
    func columnIndex(_ name: String) -> Int? {
        if let exact = columns.firstIndex(of: name) { return exact }
        let lowered = name.lowercased()
        return columns.firstIndex { $0.lowercased() == lowered }
    }
}
