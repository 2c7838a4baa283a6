/// One column of an insert, declared with the value each row gives it. A multi-row insert's
/// column list and its bound values both come from one `[InsertColumn<Row>]`, so a column can
/// only ever receive the value declared beside its name: there is no second list, in another
/// order, to fall out of step with the first.
///
/// ```swift
/// let columns: [InsertColumn<Reading>] = [
///     InsertColumn("id", \.id),
///     InsertColumn("unit", \.unit),
///     InsertColumn("measured_at") { .integer($0.start) },
/// ]
/// let sql = "INSERT INTO readings (\(columns.names())) VALUES …"
/// let parameters = columns.values(of: rows)      // row after row, in the columns' order
/// try connection.execute(sql) { columns.bind(rows, to: &$0) }   // the same, without the array
/// ```
public struct InsertColumn<Row>: Sendable {
    public let name: String
    public let value: @Sendable (Row) -> SQLValue
    /// Hands the row's value to a binder: the same value as `value`, without building the
    /// `SQLValue` when the column reads a plain type.
    public let bind: @Sendable (Row, inout ParameterBinder) -> Void

    public init(_ name: String, _ value: @escaping @Sendable (Row) -> SQLValue) {
        self.name = name
        self.value = value
        bind = { row, binder in binder.bind(value(row)) }
    }

    /// The column takes the row's property at `keyPath` (an optional binds NULL when nil).
    public init<Value: SQLValueConvertible & Sendable>(_ name: String, _ keyPath: KeyPath<Row, Value> & Sendable) {
        self.init(name) { $0[keyPath: keyPath] }
    }

    /// The column takes what `read` returns for the row (an optional binds NULL when nil).
    /// Faster than the key-path form on hot paths: a key path is applied through the runtime,
    /// which copied the whole row, retains included, for every column of every row. Inlinable,
    /// so the closures are specialized where the column is declared: a binding calls `read` and
    /// the value's `bind(to:)` directly, not through the generic `Value`'s witness tables.
    @inlinable
    public init<Value: SQLValueConvertible & Sendable>(_ name: String, _ read: @escaping @Sendable (Row) -> Value) {
        self.name = name
        value = { read($0).sqlValue }
        bind = { row, binder in read(row).bind(to: &binder) }
    }

    private init(name: String, value: @escaping @Sendable (Row) -> SQLValue,
                 bind: @escaping @Sendable (Row, inout ParameterBinder) -> Void) {
        (self.name, self.value, self.bind) = (name, value, bind)
    }

    /// The same column over a larger row that holds this one (`part` extracts it).
    public func from<Outer>(_ part: @escaping @Sendable (Outer) -> Row) -> InsertColumn<Outer> {
        let value = self.value, bind = self.bind
        return InsertColumn<Outer>(name: name, value: { value(part($0)) }, bind: { bind(part($0), &$1) })
    }
}

extension Array {
    /// The column names, comma-separated, for the statement's column list.
    public func names<Row>() -> String where Element == InsertColumn<Row> {
        map(\.name).joined(separator: ", ")
    }

    /// The bound values of `rows`, row after row, each in the columns' order.
    @inlinable
    public func values<Row>(of rows: some Collection<Row>) -> [SQLValue] where Element == InsertColumn<Row> {
        var values: [SQLValue] = []
        values.reserveCapacity(rows.count * count)
        for row in rows {
            for column in self { values.append(column.value(row)) }
        }
        return values
    }

    /// Binds the values of `rows`, row after row, each in the columns' order: what `values(of:)`
    /// returns, handed to `binder` one by one. Inlinable, so it is specialized for the caller's
    /// row type; unspecialized, it copies every row (retaining each of its strings) out of the
    /// collection through the type's value witnesses before binding it.
    @inlinable
    public func bind<Row>(_ rows: some Collection<Row>, to binder: inout ParameterBinder) where Element == InsertColumn<Row> {
        for row in rows.indices {
            for column in indices { self[column].bind(rows[row], &binder) }
        }
    }
}
