import Foundation

/// A database shared by a whole process: SQLite (embedded, the default) or PostgreSQL
/// (several stateless server processes sharing one database), behind one async interface.
///
/// Every closure runs on a worker thread the `Database` owns, with a connection of its own,
/// and the async caller is resumed through a continuation: Swift's cooperative thread pool
/// never waits on disk or network. Layout per driver:
/// - SQLite file: one writer connection for `write`/`transaction` (SQLite admits one writer
///   at a time, so queueing writes in-process avoids lock contention) plus `poolSize`
///   read-only connections for `read`, all in WAL mode so reads never wait for the writer.
/// - SQLite `:memory:`: one connection for everything (a private in-memory database exists
///   per connection, so it cannot be shared by several).
/// - PostgreSQL: `poolSize` connections, each serving reads and writes.
///
/// A job, once submitted, runs to completion even if the awaiting task is cancelled: stopping
/// it half-way would be worse than finishing it. Closures must not call back into the same
/// `Database`; use the connection they are given.
public final class Database: Sendable {
    public let dialect: SQLDialect
    let writer: ConnectionPool
    /// The same pool as `writer` for `:memory:` and PostgreSQL.
    let readers: ConnectionPool
    /// SQLite's group commit for `groupedTransaction`; nil on PostgreSQL, whose connections
    /// each run their own transactions side by side.
    let transactionGroup: TransactionGroup?

    private init(dialect: SQLDialect, writer: ConnectionPool, readers: ConnectionPool) {
        self.dialect = dialect
        self.writer = writer
        self.readers = readers
        transactionGroup = dialect == .sqlite ? TransactionGroup(writer: writer) : nil
    }

    /// Opens the database at `url` and connects every pool connection before returning, so a
    /// wrong URL or an unreachable server fails start-up instead of the first request.
    /// Blocks the caller while connecting: call it once at start-up.
    ///
    /// `url` is one of:
    /// - `postgres://user:pass@host:port/db` or `postgresql://…`, passed to libpq unchanged
    ///   (so `?sslmode=…`, `?options=…`, `?connect_timeout=…` work; the default timeout is 10 s);
    /// - an SQLite file: `./data/app.sqlite`, `sqlite:///abs/path.sqlite`, `sqlite://rel.sqlite`
    ///   or `sqlite:rel.sqlite`; missing parent directories are created;
    /// - `:memory:` (or `sqlite::memory:`): a private in-memory SQLite database, for tests.
    ///
    /// `poolSize` is the number of PostgreSQL connections, or of SQLite reader connections
    /// (in addition to the single writer); `:memory:` always uses one connection.
    public static func open(url: String, poolSize: Int = 4) throws -> Database {
        guard poolSize > 0 else {
            throw DatabaseError(.misuse, "poolSize must be at least 1, got \(poolSize)")
        }
        switch try DatabaseLocation(url: url) {
        case .sqliteMemory:
            let pool = try ConnectionPool(name: "sqlite-memory", size: 1) {
                try SQLiteConnection(path: ":memory:", mode: .readWrite)
            }
            return Database(dialect: .sqlite, writer: pool, readers: pool)
        case .sqliteFile(let path):
            try createParentDirectory(of: path)
            // The writer first: it creates the file and switches it to WAL, which read-only
            // connections cannot do.
            let writer = try ConnectionPool(name: "sqlite-writer", size: 1) {
                try SQLiteConnection(path: path, mode: .readWrite)
            }
            do {
                let readers = try ConnectionPool(name: "sqlite-reader", size: poolSize) {
                    try SQLiteConnection(path: path, mode: .readOnly)
                }
                return Database(dialect: .sqlite, writer: writer, readers: readers)
            } catch {
                writer.shutdown(waitForWorkers: true)
                throw error
            }
        case .postgres(let url):
            let pool = try ConnectionPool(name: "postgres", size: poolSize) {
                try PostgresConnection(url: url)
            }
            return Database(dialect: .postgres, writer: pool, readers: pool)
        }
    }

    deinit {
        writer.shutdown(waitForWorkers: false)
        readers.shutdown(waitForWorkers: false)
    }

    /// Runs `body` on a reader connection. On SQLite, readers are read-only (writing fails
    /// with an error) and each statement sees the latest commit: use `transaction` when
    /// several reads must see one snapshot.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await run(on: readers) { try body($0) }
    }

    /// Runs `body` on the writer connection, each statement committing on its own.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await run(on: writer) { try body($0) }
    }

    /// Runs `body` in one transaction on the writer connection: committed if `body` returns,
    /// rolled back entirely if it (or the commit) throws, the error being rethrown.
    /// SQLite starts it with `BEGIN IMMEDIATE`; PostgreSQL with `BEGIN` (READ COMMITTED).
    ///
    /// Do not catch a statement's error inside `body` and carry on: PostgreSQL refuses every
    /// further statement of a transaction once one has failed (SQLite would continue). For
    /// "insert unless present" use `INSERT … ON CONFLICT … DO NOTHING` and check the count.
    @discardableResult
    public func transaction<T: Sendable>(
        _ body: @escaping @Sendable (any DatabaseConnection) throws -> T
    ) async throws -> T {
        try await run(on: writer) { try $0.inTransaction(body) }
    }

    /// `transaction`, except that on SQLite the grouped transactions waiting for the writer
    /// commit together: each runs in its own `SAVEPOINT` inside one transaction, and the
    /// transaction commits once (`TransactionGroup`). A body that throws is rolled back alone
    /// and its error is rethrown to its own caller; the others commit. Every caller returns only
    /// once the shared commit has returned, so a returned result is as durable as one from
    /// `transaction`. For many medium-sized write transactions arriving at once (batch ingest),
    /// where one commit per transaction would write the same index pages to the WAL again and
    /// again. PostgreSQL runs it as `transaction`: its connections commit in parallel.
    ///
    /// The body must not depend on running in a transaction of its own: it sees the writes of
    /// the members before it in the group, as it would see them committed. It may run twice
    /// (when a later member's failure ends the whole transaction, the members before it run
    /// again in a new one), so it must have no effects outside the database.
    @discardableResult
    public func groupedTransaction<T: Sendable>(
        _ body: @escaping @Sendable (any DatabaseConnection) throws -> T
    ) async throws -> T {
        guard let transactionGroup else { return try await transaction(body) }
        return try await withCheckedThrowingContinuation { continuation in
            transactionGroup.add(TransactionGroup.Member(
                run: { connection in
                    let value = try body(connection)
                    return { continuation.resume(returning: value) }
                },
                fail: { continuation.resume(throwing: $0) }))
        }
    }

    /// The grouped transactions waiting for SQLite's writer, not yet taken into a group; always
    /// 0 on PostgreSQL. Lets a test see that several callers wait together.
    public var groupedTransactionsWaiting: Int { transactionGroup?.waitingCount ?? 0 }

    /// Stops accepting work, lets queued jobs finish, then closes every connection and
    /// returns. Later calls fail with `DatabaseError.Kind.misuse`. Idempotent.
    public func close() {
        writer.shutdown(waitForWorkers: true)
        readers.shutdown(waitForWorkers: true)
    }

    func run<T: Sendable>(
        on pool: ConnectionPool, _ work: @escaping @Sendable (any PooledConnection) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            do {
                try pool.submit(work) { continuation.resume(with: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    private static func createParentDirectory(of path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError(.connectionFailed, "cannot create directory \(directory.path) for \(path): \(error)")
        }
    }
}
