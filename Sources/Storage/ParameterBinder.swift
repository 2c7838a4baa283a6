import CSQLite

/// Receives one statement's parameters in order — `$1`, `$2`, … — for
/// `DatabaseConnection.execute(_:binding:)`.
///
/// On SQLite each value goes straight into the prepared statement's slot, so a multi-row insert
/// of thousands of values builds no `[SQLValue]` and copies each text once, into a buffer of the
/// connection's that lives until the statement has run (`SQLiteTextArena`). Elsewhere the values
/// are collected and run through `execute(_:_:)`. The same rules apply either way: text holding
/// U+0000 is refused (`ParameterRules`), and the number of values must be the statement's.
/// The NUL check of directly bound text happens here; collected values get `execute`'s.
public struct ParameterBinder {
    /// The statement bound into directly, with the arena its text lives in; nil: collect `values`.
    private let statement: OpaquePointer?
    private let arena: SQLiteTextArena?
    /// The values collected when there is no statement.
    private(set) var values: [SQLValue] = []
    /// How many values were bound so far; the next one is `$(count + 1)`.
    public private(set) var count = 0
    /// The first text holding U+0000: its parameter number.
    private var nulParameter: Int?
    /// SQLite's status for the first bind that failed.
    private(set) var sqliteStatus = SQLITE_OK

    /// Collects the values, for a driver that takes them as `[SQLValue]`.
    init(collecting: ()) {
        (statement, arena) = (nil, nil)
    }

    /// Binds into `statement`'s slots 1, 2, …, copying text and blobs into `arena`.
    init(statement: OpaquePointer, arena: SQLiteTextArena) {
        (self.statement, self.arena) = (statement, arena)
    }

    public mutating func bindNull() {
        count += 1
        guard let statement else { return values.append(.null) }
        record(sqlite3_bind_null(statement, Int32(count)))
    }

    public mutating func bind(_ value: Int64) {
        count += 1
        guard let statement else { return values.append(.integer(value)) }
        record(sqlite3_bind_int64(statement, Int32(count), value))
    }

    public mutating func bind(_ value: Double) {
        count += 1
        guard let statement else { return values.append(.real(value)) }
        record(sqlite3_bind_double(statement, Int32(count), value))
    }

    public mutating func bind(_ text: String) {
        count += 1
        guard let statement, let arena else { return values.append(.text(text)) }
        var text = text
        let (copy, length) = text.withUTF8 { bytes in
            if nulParameter == nil, ParameterRules.containsNUL(bytes) { nulParameter = count }
            return (arena.copy(UnsafeRawBufferPointer(bytes)), Int32(bytes.count))
        }
        // The copy stays put until the statement has run and been reset (the arena is reset
        // only then), so SQLite keeps the pointer (`SQLITE_STATIC`, nil) instead of copying again.
        record(sqlite3_bind_text(statement, Int32(count), copy.assumingMemoryBound(to: CChar.self), length, nil))
    }

    public mutating func bind(_ value: SQLValue) {
        switch value {
        case .null: bindNull()
        case .integer(let number): bind(number)
        case .real(let number): bind(number)
        case .text(let text): bind(text)
        case .blob(let bytes):
            count += 1
            guard let statement, let arena else { return values.append(value) }
            // A nil pointer would bind NULL, so the empty blob needs its own call.
            guard !bytes.isEmpty else { return record(sqlite3_bind_zeroblob(statement, Int32(count), 0)) }
            let copy = bytes.withUnsafeBytes { arena.copy($0) }
            record(sqlite3_bind_blob(statement, Int32(count), copy, Int32(bytes.count), nil))
        }
    }

    /// Binds `value` as its type binds itself (`SQLValueConvertible.bind(to:)`).
    public mutating func bind(_ value: some SQLValueConvertible) {
        value.bind(to: &self)
    }

    private mutating func record(_ status: Int32) {
        if status != SQLITE_OK, sqliteStatus == SQLITE_OK { sqliteStatus = status }
    }

    /// The error for the first text refused, if any.
    func refusal(sql: String) -> DatabaseError? {
        nulParameter.map { ParameterRules.nulError(parameter: $0, sql: sql) }
    }
}

/// Text and blob bytes bound to an SQLite statement, kept until the statement has run and been
/// reset. Blocks are reused from one statement to the next, so a warm connection binds a batch
/// without allocating.
final class SQLiteTextArena {
    private static let blockSize = 64 * 1024
    private var blocks: [UnsafeMutableRawBufferPointer] = []
    /// Blocks for values larger than `blockSize`, freed at `reset`.
    private var large: [UnsafeMutableRawBufferPointer] = []
    private var block = 0
    private var used = 0

    deinit {
        blocks.forEach { $0.deallocate() }
        large.forEach { $0.deallocate() }
    }

    /// A copy of `bytes` (never nil, also for no bytes), valid until `reset`.
    func copy(_ raw: UnsafeRawBufferPointer) -> UnsafeRawPointer {
        let size = max(raw.count, 1)
        if size > Self.blockSize {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
            if let base = raw.baseAddress { buffer.baseAddress!.copyMemory(from: base, byteCount: raw.count) }
            large.append(buffer)
            return UnsafeRawPointer(buffer.baseAddress!)
        }
        if block < blocks.count, used + size > Self.blockSize {
            block += 1
            used = 0
        }
        if block == blocks.count { blocks.append(.allocate(byteCount: Self.blockSize, alignment: 8)) }
        let target = blocks[block].baseAddress! + used
        if let base = raw.baseAddress { target.copyMemory(from: base, byteCount: raw.count) }
        used += size
        return UnsafeRawPointer(target)
    }

    /// Forgets every copy; the memory is reused by the next statement. Past four blocks (256 KiB)
    /// the rest is freed, so one huge statement does not keep its memory for good.
    func reset() {
        large.forEach { $0.deallocate() }
        large = []
        while blocks.count > 4 { blocks.removeLast().deallocate() }
        block = 0
        used = 0
    }
}
