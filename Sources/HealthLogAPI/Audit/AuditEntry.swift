import APIToolkit
import HTTPServer
import Storage

/// One row of `audit_log`: who did what, from where. Never holds a password or a raw token.
struct AuditEntry: Sendable {
    var userID: String?
    var action: String
    var ip: String?
    var userAgent: String?
    var details: JSONObject?
    var createdAt: Int64

    init(_ action: String, userID: String?, request: Request, details: JSONObject? = nil, at time: Int64 = Clock.now()) {
        self.action = action
        self.userID = userID
        self.ip = request.remoteAddress.isEmpty ? nil : request.remoteAddress
        self.userAgent = request.headers["User-Agent"].map { String($0.prefix(512)) }
        self.details = details
        self.createdAt = time
    }

    /// Inserts the row on `connection`, typically inside the transaction of the change it records.
    func insert(on connection: any DatabaseConnection) throws {
        let detailsText = try details.map { String(decoding: try JSONSerializer.serialize(.object($0)), as: UTF8.self) }
        try connection.execute("""
            INSERT INTO audit_log (user_id, action, ip, user_agent, details, created_at) VALUES ($1, $2, $3, $4, $5, $6)
            """, userID, action, ip, userAgent, detailsText, createdAt)
    }
}

/// The action names clients can see in `/api/auth/me/audit` (contract §9.3 plus our own).
enum AuditAction {
    static let loginPassword = "auth.login.password"
    static let loginFailed = "auth.login.failed"
    static let autoIssueNative = "auth.token.autoissue.native"
    static let refresh = "auth.token.refresh"
    static let refreshRevoke = "auth.token.refresh.revoke"
    static let refreshFailed = "auth.token.refresh.failed"
    static let bearerSuccess = "auth.bearer.success"
    static let bearerFailure = "auth.bearer.failure"
    static let researchModeAcknowledged = "research_mode.acknowledged"
    static let assistantFlagsUpdated = "admin.settings.assistant_flags.update"
}
