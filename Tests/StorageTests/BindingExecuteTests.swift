import Foundation
import Storage
import XCTest

/// `execute(_:binding:)`: values handed over one by one store exactly what `execute(_:_:)` with
/// the same values stores, under the same rules, on both engines.
final class BindingExecuteTests: XCTestCase {
    func testValuesStoreAsAnArrayWouldOnSQLiteFile() async throws { try await valuesStoreAsAnArrayWould(.sqliteFile) }
    func testValuesStoreAsAnArrayWouldOnSQLiteMemory() async throws { try await valuesStoreAsAnArrayWould(.sqliteMemory) }
    func testValuesStoreAsAnArrayWouldOnPostgres() async throws { try await valuesStoreAsAnArrayWould(.postgres) }

    func testTextWithNULIsRefusedOnSQLiteFile() async throws { try await textWithNULIsRefused(.sqliteFile) }
    func testTextWithNULIsRefusedOnPostgres() async throws { try await textWithNULIsRefused(.postgres) }

    func testWrongParameterCountIsRefusedOnSQLiteFile() async throws { try await wrongParameterCountIsRefused(.sqliteFile) }
    func testWrongParameterCountIsRefusedOnPostgres() async throws { try await wrongParameterCountIsRefused(.postgres) }

    func testReusedPlaceholderOnSQLiteFile() async throws { try await reusedPlaceholder(.sqliteFile) }
    func testReusedPlaceholderOnPostgres() async throws { try await reusedPlaceholder(.postgres) }

    /// Rows of every value kind, one statement per row count, each run twice with other values:
    /// the second run must not see the first one's text (SQLite keeps pointers into a buffer
    /// reused between statements), and text past the buffer's 64 KiB blocks must survive.
    private func valuesStoreAsAnArrayWould(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        let blobType = database.dialect.blobType
        try await database.write {
            try $0.execute("CREATE TABLE samples (id BIGINT PRIMARY KEY, i BIGINT, r DOUBLE PRECISION, t TEXT, b \(blobType))")
        }
        let texts: [SQLValue] = [.text(""), .text("héllo wörld"), .text("👩‍👩‍👧 日本語"), .null, .text(String(repeating: "long ", count: 20_000)),
                                 .text(String(repeating: "x", count: 40_000)), .text("quotes ' \" $1 ; --")]
        let blobs: [SQLValue] = [.blob([]), .blob([0]), .null, .blob(Array(0...255)), .blob(randomBytes(70_000)), .blob([7]), .blob([0, 0])]
        var expected: [[SQLValue]] = []
        for round in 0..<2 {
            let rows = (0..<texts.count).map { index -> [SQLValue] in
                let id = Int64(round * 100 + index)
                let text: SQLValue = if case .text(let body) = texts[index] { .text("\(round)" + body) } else { .null }
                return [.integer(id), index == 3 ? .null : .integer(id * -7), index == 5 ? .null : .real(Double(id) / 3), text,
                        blobs[index]]
            }
            let sql = "INSERT INTO samples (id, i, r, t, b) VALUES "
                + (0..<rows.count).map { row in "(" + (1...5).map { "$\(row * 5 + $0)" }.joined(separator: ", ") + ")" }
                    .joined(separator: ", ")
            let inserted = try await database.write { connection in
                try connection.execute(sql) { binder in
                    for row in rows {
                        binder.bind(row[0])
                        if case .integer(let number) = row[1] { binder.bind(number) } else { binder.bind(Optional<Int64>.none) }
                        if case .real(let number) = row[2] { binder.bind(number) } else { binder.bindNull() }
                        if case .text(let text) = row[3] { binder.bind(text) } else { binder.bind(row[3]) }
                        binder.bind(row[4])
                    }
                }
            }
            XCTAssertEqual(inserted, rows.count)
            expected += rows
        }
        let stored = try await database.read { try $0.query("SELECT id, i, r, t, b FROM samples ORDER BY id", []) }
        XCTAssertEqual(stored.map(\.values), expected)
    }

    private func textWithNULIsRefused(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write { try $0.execute("CREATE TABLE notes (id BIGINT, body TEXT)") }
        let error = await assertThrowsDatabaseError(.misuse) {
            try await database.write { connection in
                try connection.execute("INSERT INTO notes VALUES ($1, $2), ($3, $4)") { binder in
                    binder.bind(Int64(1))
                    binder.bind("fine")
                    binder.bind(Int64(2))
                    binder.bind("before\u{0}after")
                }
            }
        }
        XCTAssertEqual(error?.message.contains("text parameter $4 contains a NUL character"), true, "\(String(describing: error))")
        let count = try await database.count("notes")
        XCTAssertEqual(count, 0)
    }

    /// Too few values is misuse on both engines; too many is misuse on SQLite and, as with
    /// `execute(_:_:)`, the server's own refusal on PostgreSQL (it cannot type the extra `$3`).
    private func wrongParameterCountIsRefused(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write { try $0.execute("CREATE TABLE notes (id BIGINT, body TEXT)") }
        let tooMany: DatabaseError.Kind = backend == .postgres ? .statementFailed : .misuse
        for (values, kind) in [([SQLValue.integer(1)], DatabaseError.Kind.misuse), ([.integer(1), .text("a"), .text("b")], tooMany)] {
            await assertThrowsDatabaseError(kind) {
                try await database.write { connection in
                    try connection.execute("INSERT INTO notes VALUES ($1, $2)") { binder in values.forEach { binder.bind($0) } }
                }
            }
        }
        let count = try await database.count("notes")
        XCTAssertEqual(count, 0)
    }

    /// A `$n` used twice binds the same value in both places.
    private func reusedPlaceholder(_ backend: TestBackend) async throws {
        let database = try makeTestDatabase(backend)
        try await database.write { try $0.execute("CREATE TABLE pairs (a TEXT, b TEXT, c BIGINT)") }
        let inserted = try await database.write { connection in
            try connection.execute("INSERT INTO pairs VALUES ($2, $1, $3), ($1, $2, $3)") { binder in
                binder.bind("one")
                binder.bind("two")
                binder.bind(Int64(3))
            }
        }
        XCTAssertEqual(inserted, 2)
        let rows = try await database.read { try $0.query("SELECT a, b, c FROM pairs ORDER BY a", []) }
        XCTAssertEqual(rows.map(\.values), [[.text("one"), .text("two"), .integer(3)], [.text("two"), .text("one"), .integer(3)]])
    }
}
