import CPostgres
import Foundation

/// Builds `DatabaseError`s from libpq results, classifying SQLSTATE codes.
enum PostgresErrors {
    /// libpq's `PG_DIAG_*` field codes are character macros, which Swift does not import.
    private enum Field {
        static let sqlState = Int32(UInt8(ascii: "C"))
        static let primaryMessage = Int32(UInt8(ascii: "M"))
    }

    /// Only the primary message is kept: the DETAIL field repeats row values ("Key (email)=(…)
    /// already exists", "Failing row contains …"), which must not reach logs.
    static func error(connection: OpaquePointer, result: OpaquePointer?, sql: String) -> DatabaseError {
        let sqlState = result.flatMap { field(Field.sqlState, of: $0) }
        let message = result.flatMap { field(Field.primaryMessage, of: $0) }
            ?? String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
        let connectionLost = PQstatus(connection) != CONNECTION_OK
        return DatabaseError(kind(of: sqlState, connectionLost: connectionLost), message, sqlState: sqlState, sql: sql)
    }

    /// Classes per the PostgreSQL manual, "PostgreSQL Error Codes" (appendix A).
    static func kind(of sqlState: String?, connectionLost: Bool) -> DatabaseError.Kind {
        guard let sqlState else { return connectionLost ? .connectionFailed : .statementFailed }
        switch sqlState {
        case "23505": return .uniqueViolation
        case "23503": return .foreignKeyViolation
        case "40001", "40P01", "55P03": return .busy
        case "57P01", "57P02", "57P03": return .connectionFailed
        // Protocol violation: in practice a wrong parameter count; the connection stays usable.
        case "08P01": return .misuse
        default: break
        }
        switch sqlState.prefix(2) {
        case "23": return .constraintViolation
        case "08": return .connectionFailed
        default: return connectionLost ? .connectionFailed : .statementFailed
        }
    }

    private static func field(_ code: Int32, of result: OpaquePointer) -> String? {
        PQresultErrorField(result, code).map { String(cString: $0) }
    }
}
