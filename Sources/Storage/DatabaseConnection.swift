/// A single database connection, handed to the closures given to `Database.read`, `write`
/// and `transaction`. Calls block the calling thread, which is one of the `Database`'s own
/// worker threads, never a thread of Swift's cooperative pool.
///
/// SQL uses PostgreSQL-style placeholders `$1`, `$2`, … on both drivers. A placeholder may
/// appear several times and in any order. Pass exactly the parameters the statement uses:
/// SQLite rejects unused ones and other placeholder styles (`?`, `:name`) outright, so
/// mistakes surface in development rather than on PostgreSQL in production.
/// A connection is only valid inside the closure it was handed to.
public protocol DatabaseConnection {
    var dialect: SQLDialect { get }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted
    /// (0 for statements that change no rows, such as DDL).
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int

    /// Runs one statement and returns all its result rows.
    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row]

    /// Runs several `;`-separated statements without parameters, e.g. a migration script.
    func executeScript(_ sql: String) throws

    /// `execute` with the parameters handed to `binder` in order (`$1`, `$2`, …) instead of
    /// as an array: on SQLite they go straight into the prepared statement, which is what a
    /// multi-row insert of thousands of values wants. `bind` must not run statements itself.
    @discardableResult
    func execute(_ sql: String, binding bind: (inout ParameterBinder) throws -> Void) throws -> Int
}

extension DatabaseConnection {
    /// Collects the values and runs `execute(_:_:)`.
    @discardableResult
    public func execute(_ sql: String, binding bind: (inout ParameterBinder) throws -> Void) throws -> Int {
        var binder = ParameterBinder(collecting: ())
        try bind(&binder)
        return try execute(sql, binder.values)
    }

    /// `execute` with parameters written inline: `try db.execute("… $1, $2", id, name)`.
    @discardableResult
    public func execute(_ sql: String, _ parameters: any SQLValueConvertible...) throws -> Int {
        try execute(sql, parameters.map(\.sqlValue))
    }

    /// `query` with parameters written inline: `try db.query("… WHERE id = $1", id)`.
    public func query(_ sql: String, _ parameters: any SQLValueConvertible...) throws -> [Row] {
        try query(sql, parameters.map(\.sqlValue))
    }

    /// The first row of the result, or nil when there is none.
    public func queryFirst(_ sql: String, _ parameters: [SQLValue]) throws -> Row? {
        try query(sql, parameters).first
    }

    /// `queryFirst` with parameters written inline.
    public func queryFirst(_ sql: String, _ parameters: any SQLValueConvertible...) throws -> Row? {
        try query(sql, parameters.map(\.sqlValue)).first
    }
}
