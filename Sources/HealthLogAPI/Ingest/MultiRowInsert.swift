import Storage
import Synchronization

/// "Insert these rows unless present, and tell me which went in": multi-row
/// `INSERT … ON CONFLICT (key) DO NOTHING`, portable to SQLite and PostgreSQL. The statement's
/// change count is the number of rows it inserted; when that is every row (the usual case) all
/// ids are returned, otherwise the ids still found in the table, which are exactly the rows this
/// statement inserted since the caller generated them for it. So every entry's
/// `inserted`/`duplicate` status is exact even while other requests insert the same keys: on
/// PostgreSQL a conflicting uncommitted row makes the statement wait for that transaction, then
/// skip (it committed) or insert (it rolled back). Callers sort rows by the conflict key so
/// concurrent transactions take row locks in one order and cannot deadlock.
///
/// No `RETURNING id`: SQLite collects returned rows in a temporary table and hands each back as
/// a row to decode, a cost per inserted row that the change count avoids.
///
/// Each column is declared with the value a row gives it (`InsertColumn`), so the column list
/// and the bound values come from one list. The values go straight from the rows into the
/// statement (`execute(_:binding:)`), and the statement is prepared once per row count (the
/// texts here, the connection's statement cache there).
struct MultiRowInsert<Row>: Sendable {
    let table: String
    /// The columns, `id` first (the key the caller generated for each row).
    let columns: [InsertColumn<Row>]
    /// The UNIQUE key a conflict is on; empty: any UNIQUE key (a row with two dedup keys).
    let conflictColumns: [String]

    /// Statement texts already built, by row count (`StatementTexts`).
    private let texts = StatementTexts()

    /// `run` reads each row's id from the first column, so a column list that does not
    /// start with `id` is a programming error caught where the insert is declared.
    init(table: String, columns: [InsertColumn<Row>], conflictColumns: [String]) {
        precondition(columns.first?.name == "id", "MultiRowInsert into \(table): the first column must be id")
        (self.table, self.columns, self.conflictColumns) = (table, columns, conflictColumns)
    }

    /// SQLite allows 32,766 bound parameters per statement (PostgreSQL 65,535).
    private static var parameterBudget: Int { 32_000 }

    /// Inserts `rows` and returns the ids that were inserted.
    func run(_ rows: [Row], on connection: any DatabaseConnection) throws -> Set<String> {
        let perStatement = max(1, Self.parameterBudget / columns.count)
        var inserted = Set<String>(minimumCapacity: rows.count)
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + perStatement, rows.count)]
            let changed = try connection.execute(texts.text(rowCount: chunk.count) { sql(rowCount: $0) }) { columns.bind(chunk, to: &$0) }
            let ids = chunk.map(columns[0].value)
            if changed == chunk.count {
                for id in ids {
                    guard case .text(let text) = id else { throw DatabaseError(.typeMismatch, "\(table).id must be text, got \(id)") }
                    inserted.insert(text)
                }
            } else if changed > 0 {
                let stored = try connection.query("SELECT id FROM \(table) WHERE id IN (\(placeholderList(count: ids.count)))", ids)
                for row in stored { inserted.insert(try row.decode(String.self, "id")) }
            }
            start += chunk.count
        }
        return inserted
    }

    /// `… VALUES ($1, …, $c), ($c+1, …), … ON CONFLICT …`, written as bytes: this runs on the
    /// database's writer for every batch, and interpolating 7,500 placeholders one string at a
    /// time cost more than a twentieth of the writer's time.
    func sql(rowCount: Int) -> String {
        var text = Array("INSERT INTO \(table) (\(columns.names())) VALUES ".utf8)
        text.reserveCapacity(text.count + rowCount * columns.count * 8 + 100)
        var parameter = 1
        for row in 0..<rowCount {
            if row > 0 { text.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
            text.append(UInt8(ascii: "("))
            for column in columns.indices {
                if column > 0 { text.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
                text.append(UInt8(ascii: "$"))
                Self.appendDecimal(parameter, to: &text)
                parameter += 1
            }
            text.append(UInt8(ascii: ")"))
        }
        let target = conflictColumns.isEmpty ? "" : "(\(conflictColumns.joined(separator: ", "))) "
        text.append(contentsOf: " ON CONFLICT \(target)DO NOTHING".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    private static func appendDecimal(_ number: Int, to text: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &text) }
        text.append(UInt8(ascii: "0") + UInt8(number % 10))
    }
}

/// The statement texts of one `MultiRowInsert`, by row count: a 500-row text is built once, not
/// on the writer for every batch, and the statement cache then compares the same `String` by its
/// storage, not byte by byte. Batches come in few sizes (full ones, a tail), so a
/// handful of texts are kept; past `capacity` the cache starts over.
private final class StatementTexts: Sendable {
    private static let capacity = 16
    private let texts = Mutex<[Int: String]>([:])

    func text(rowCount: Int, build: (Int) -> String) -> String {
        if let text = texts.withLock({ $0[rowCount] }) { return text }
        let text = build(rowCount)
        texts.withLock { texts in
            if texts.count >= Self.capacity { texts.removeAll() }
            texts[rowCount] = text
        }
        return text
    }
}
