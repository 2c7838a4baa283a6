import APIToolkit
import Storage

/// Every statement on `audit_log` (schema: `HealthLogMigrations.auditLog`) but the account
/// deletion's anonymisation, which `AccountDeletion.steps` lists with the rest of what deleting an
/// account touches. Each runs on the caller's connection, so a row joins the transaction of the
/// change it records. `StoreOwnershipTests` fails when SQL on `audit_log` appears anywhere else but
/// the migrations.
enum AuditStore {
    /// Inserts `entry`.
    static func insert(_ entry: AuditEntry, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            INSERT INTO audit_log (user_id, action, ip, user_agent, details, created_at) VALUES ($1, $2, $3, $4, $5, $6)
            """, entry.userID, entry.action, entry.ip, entry.userAgent, try entry.detailsText(), entry.createdAt)
    }

    /// Inserts `entry` unless it names an account that no longer exists. (The cast gives
    /// PostgreSQL the parameter's type before it meets `IS NULL`.)
    static func insertUnlessAccountDeleted(_ entry: AuditEntry, on connection: any DatabaseConnection) throws {
        try connection.execute("""
            INSERT INTO audit_log (user_id, action, ip, user_agent, details, created_at)
            SELECT $1, $2, $3, $4, $5, $6 WHERE CAST($1 AS TEXT) IS NULL OR \(UserStore.exists(idParameter: "$1"))
            """, entry.userID, entry.action, entry.ip, entry.userAgent, try entry.detailsText(), entry.createdAt)
    }

    /// Up to `limit` of the user's rows with an id below `before`, newest first, as the
    /// account's trail shows them.
    static func page(userID: String, before: Int64, limit: Int64, on connection: any DatabaseConnection) throws -> [AuditEndpoint.Item] {
        try connection.query("""
            SELECT id, action, ip, user_agent, details, created_at FROM audit_log
            WHERE user_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3
            """, userID, before, limit).map { row in
            let details: String? = try row.decode("details")
            return AuditEndpoint.Item(id: try row.decode("id"), action: try row.decode("action"), ip: try row.decode("ip"),
                                      userAgent: try row.decode("user_agent"), details: try details.map { try JSONParser.parse($0) } ?? .null,
                                      createdAt: try row.decode("created_at"))
        }
    }

    /// Deletes the rows created before `before` (unix seconds).
    static func prune(before: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM audit_log WHERE created_at < $1", before)
    }
}
