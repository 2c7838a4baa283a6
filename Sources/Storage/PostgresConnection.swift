import CPostgres
import Foundation

/// One libpq connection, owned and used by a single pool worker thread.
///
/// Statements go through `PQexecParams` in text format with parameters sent out of band, so
/// values are never spliced into SQL. The connection repairs itself between jobs when the
/// server dropped it (restart, failover, idle timeout, `pg_terminate_backend`).
final class PostgresConnection: PooledConnection {
    /// Applied on every (re)connect. UTC and hex `bytea` make result text identical whatever
    /// the server's defaults, which matters when several processes share one database.
    private static let sessionSetup = "SET TimeZone = 'UTC'; SET bytea_output = 'hex'"

    let dialect = SQLDialect.postgres
    /// Internal so `PostgresNotificationListener` can wait on the same kind of connection.
    let connection: OpaquePointer

    /// Connects to `url` (a `postgres://` or `postgresql://` URI). `defaults` are libpq
    /// settings the URL may override.
    init(url: String, defaults: [(String, String)] = []) throws {
        // Defaults first, then the URL expanded in place of `dbname`, so settings in the URL
        // win; the client encoding comes last because `String` conversions assume UTF-8.
        let settings = [("connect_timeout", "10")] + defaults + [("dbname", url), ("client_encoding", "UTF8")]
        let connection = Self.withCStrings(settings.map(\.0)) { keywords in
            Self.withCStrings(settings.map(\.1)) { values in
                PQconnectdbParams(keywords, values, 1)
            }
        }
        guard let connection else {
            throw DatabaseError(.connectionFailed, "libpq could not allocate a connection")
        }
        self.connection = connection
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = Self.lastErrorMessage(connection)
            PQfinish(connection)
            throw DatabaseError(.connectionFailed, "cannot connect to PostgreSQL: \(reason)")
        }
        do {
            try executeScript(Self.sessionSetup)
        } catch {
            PQfinish(connection)
            throw error
        }
    }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        // The tag of a SELECT (and of CREATE TABLE … AS) counts rows returned or copied, which
        // SQLite does not report as changes; only INSERT/UPDATE/DELETE/MERGE counts agree.
        guard !String(cString: PQcmdStatus(result)).hasPrefix("SELECT") else { return 0 }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row] {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return PostgresResultDecoding.rows(of: result)
    }

    func executeScript(_ sql: String) throws {
        let result = try check(PQexec(connection, sql), sql: sql)
        PQclear(result)
    }

    /// Reconnects when the server has dropped the connection since the last job (restart,
    /// failover, idle timeout, `pg_terminate_backend`), so one dead connection costs no
    /// request an error. A connection that breaks during a job still fails that job: the
    /// statement may have run, so only the caller can decide to retry.
    func prepareForJob() throws {
        guard serverHasClosedConnection() else { return }
        PQreset(connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            throw DatabaseError(.connectionFailed, "cannot reconnect to PostgreSQL: \(Self.lastErrorMessage(connection))")
        }
        try executeScript(Self.sessionSetup)
    }

    /// Checks without a round trip. An idle connection receives nothing unless the server
    /// has something to say (a notice, a setting change, or its goodbye before closing), so
    /// input waiting on the socket is read; a closed stream shows up as a failed read.
    private func serverHasClosedConnection() -> Bool {
        let maximumReads = 8
        for _ in 0..<maximumReads where PQstatus(connection) == CONNECTION_OK && socketHasInput() {
            if PQconsumeInput(connection) == 0 { return true }
        }
        return PQstatus(connection) != CONNECTION_OK
    }

    private func socketHasInput() -> Bool {
        var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    func cleanUpAfterJob() {
        guard PQstatus(connection) == CONNECTION_OK, PQtransactionStatus(connection) != PQTRANS_IDLE else { return }
        _ = try? executeScript("ROLLBACK")
    }

    func beginTransaction() throws {
        try executeScript("BEGIN")
    }

    func close() {
        PQfinish(connection)
    }

    private func run(_ sql: String, _ parameters: [SQLValue]) throws -> OpaquePointer {
        try ParameterRules.check(parameters, sql: sql)
        let result = PostgresParameters(parameters).withUnsafeArguments { count, types, values, lengths, formats in
            PQexecParams(connection, sql, count, types, values, lengths, formats, 0)
        }
        return try check(result, sql: sql)
    }

    /// Returns a successful result, or clears a failed one and throws its error.
    private func check(_ result: OpaquePointer?, sql: String) throws -> OpaquePointer {
        guard let result else {
            throw PostgresErrors.error(connection: connection, result: nil, sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return result
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            PQclear(result)
            throw DatabaseError(.misuse, "COPY is not supported through this interface", sql: sql)
        default:
            defer { PQclear(result) }
            throw PostgresErrors.error(connection: connection, result: result, sql: sql)
        }
    }

    private static func lastErrorMessage(_ connection: OpaquePointer) -> String {
        String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `body` with a NULL-terminated C array of `strings`, valid only during the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
