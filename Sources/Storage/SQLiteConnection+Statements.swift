import CSQLite

/// Preparing, binding and stepping statements: the part of the SQLite driver that turns
/// `$n` placeholders and `SQLValue`s into SQLite calls and result rows back into `Row`s.
extension SQLiteConnection {
    /// SQLite copies bound text and blobs immediately; the constant is not imported.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Runs one statement, calling `onRow` for every result row.
    func run(_ sql: String, _ parameters: [SQLValue], onRow: (Row) -> Void) throws {
        let statement = try statements.statement(for: sql) { try prepare($0) }
        let handle = statement.handle
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(parameters, to: statement, sql: sql)
        let columnCount = sqlite3_column_count(handle)
        let columns = (0..<columnCount).map { String(cString: sqlite3_column_name(handle, $0)) }
        try step(handle, sql: sql) { onRow(Row(columns: columns, values: (0..<columnCount).map { columnValue(handle, $0) })) }
    }

    /// Steps the bound statement to its end, calling `onRow` at each result row.
    private func step(_ handle: OpaquePointer, sql: String, onRow: () -> Void) throws {
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: onRow()
            case SQLITE_DONE: return
            default: throw lastError(sql: sql)
            }
        }
    }

    /// `execute` with each value bound as `bind` hands it over: no `[SQLValue]`, text copied
    /// once into `textArena`. A statement that uses a `$n` twice or out of order has no slot per
    /// parameter in order, so its values are collected and bound as usual.
    func execute(_ sql: String, binding bind: (inout ParameterBinder) throws -> Void) throws -> Int {
        let statement = try statements.statement(for: sql) { try prepare($0) }
        guard statement.slotsInParameterOrder else {
            var binder = ParameterBinder(collecting: ())
            try bind(&binder)
            return try execute(sql, binder.values)
        }
        let handle = statement.handle
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            textArena.reset()
        }
        var binder = ParameterBinder(statement: handle, arena: textArena)
        try bind(&binder)
        guard binder.count == statement.parameterCount else { throw countMismatch(statement, given: binder.count, sql: sql) }
        if let refusal = binder.refusal(sql: sql) { throw refusal }
        guard binder.sqliteStatus == SQLITE_OK else { throw lastError(sql: sql) }
        return try rowsChanged { try step(handle, sql: sql) {} }
    }

    /// Compiles `sql`, refusing anything but one statement with `$1…$n` placeholders, so
    /// SQLite-only conveniences never creep into code that must also run on PostgreSQL. The
    /// placeholders reach SQLite as anonymous `?` (see `SQLitePlaceholders`); errors name the
    /// caller's SQL.
    private func prepare(_ sql: String) throws -> SQLiteStatement {
        let placeholders = SQLitePlaceholders(scanning: sql)
        var prepared: OpaquePointer?
        var hasMoreStatements = false
        let status = placeholders.sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(handle, text, -1, &prepared, &tail)
            if status == SQLITE_OK, let tail { hasMoreStatements = containsStatement(tail) }
            return status
        }
        guard status == SQLITE_OK else { throw lastError(sql: sql) }
        guard let prepared else { throw DatabaseError(.misuse, "the SQL contains no statement", sql: sql) }
        do {
            guard !hasMoreStatements else {
                throw DatabaseError(.misuse, "execute/query run exactly one statement; use executeScript for several", sql: sql)
            }
            try check(placeholders, against: prepared, sql: sql)
            return SQLiteStatement(handle: prepared, parameterForSlot: placeholders.parameterForSlot,
                                   parameterCount: placeholders.parameterCount,
                                   slotsInParameterOrder: placeholders.parameterForSlot.elementsEqual(0..<placeholders.parameterCount))
        } catch {
            sqlite3_finalize(prepared)
            throw error
        }
    }

    /// Whether the text after the first statement holds another one (not just a `;`,
    /// whitespace or comments).
    private func containsStatement(_ text: UnsafePointer<CChar>) -> Bool {
        var next: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, text, -1, &next, nil)
        sqlite3_finalize(next)
        return status != SQLITE_OK || next != nil
    }

    /// Checks that every placeholder was `$n` and that `$1…$max` are all used. SQLite counting
    /// more parameters than the `?` slots the scan produced means a placeholder of another
    /// form (`:name`, `@name`, `$name`) that only SQLite would accept.
    private func check(_ placeholders: SQLitePlaceholders, against statement: OpaquePointer, sql: String) throws {
        if let unsupported = placeholders.unsupported {
            throw DatabaseError(.misuse, "unsupported placeholder \(unsupported); use $1, $2, …", sql: sql)
        }
        let count = Int(sqlite3_bind_parameter_count(statement))
        if count != placeholders.parameterForSlot.count {
            // Anonymous slots have no name, so the first named one is the culprit.
            let named = stride(from: 1, through: Int32(count), by: 1).lazy
                .compactMap { sqlite3_bind_parameter_name(statement, $0).map { String(cString: $0) } }.first
            throw DatabaseError(.misuse, "unsupported placeholder \(named ?? "?"); use $1, $2, …", sql: sql)
        }
        if let unused = placeholders.firstUnusedNumber {
            throw DatabaseError(
                .misuse, "placeholder $\(unused) is never used although $\(placeholders.parameterCount) is", sql: sql)
        }
    }

    private func bind(_ parameters: [SQLValue], to statement: SQLiteStatement, sql: String) throws {
        guard parameters.count == statement.parameterCount else {
            throw countMismatch(statement, given: parameters.count, sql: sql)
        }
        try ParameterRules.check(parameters, sql: sql)
        for (slot, parameter) in statement.parameterForSlot.enumerated() {
            guard bind(parameters[parameter], to: statement.handle, at: Int32(slot + 1)) == SQLITE_OK else {
                throw lastError(sql: sql)
            }
        }
    }

    private func countMismatch(_ statement: SQLiteStatement, given: Int, sql: String) -> DatabaseError {
        DatabaseError(.misuse, "the statement uses \(statement.parameterCount) parameters but \(given) were given", sql: sql)
    }

    private func bind(_ value: SQLValue, to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let number):
            return sqlite3_bind_int64(statement, index, number)
        case .real(let number):
            return sqlite3_bind_double(statement, index, number)
        case .text(let text):
            // Length-delimited so the bytes are taken as they are; `withCString` also gives a
            // valid pointer for "" (a nil pointer would bind NULL instead of the empty string).
            return text.withCString { sqlite3_bind_text(statement, index, $0, Int32(text.utf8.count), Self.transient) }
        case .blob(let bytes):
            // A nil pointer would bind NULL, so the empty blob needs its own call.
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
            return bytes.withUnsafeBytes {
                sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
            }
        }
    }

    private func columnValue(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(statement, column))
            guard length > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
        default:
            return .null
        }
    }
}
