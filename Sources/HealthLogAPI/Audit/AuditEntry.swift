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

    /// A row of no account and no client: an event kept without anyone it could identify.
    init(anonymous action: String, details: JSONObject? = nil, at time: Int64) {
        self.action = action
        self.details = details
        self.createdAt = time
    }

    /// Inserts the row on `connection`, typically inside the transaction of the change it records.
    func insert(on connection: any DatabaseConnection) throws {
        try AuditStore.insert(self, on: connection)
    }

    /// `details` as the column stores it: JSON object text.
    func detailsText() throws -> String? {
        try details.map { String(decoding: try JSONSerializer.serialize(.object($0)), as: UTF8.self) }
    }
}

extension AuditEntry {
    /// As `insert`, unless the row names an account deleted while the row waited in
    /// `AuditBatcher`: then nothing is written. The deletion anonymised the account's trail; a
    /// row queued before it must not bring the account's id back, nor fail its whole batch on
    /// the foreign key.
    func insertUnlessAccountDeleted(on connection: any DatabaseConnection) throws {
        try AuditStore.insertUnlessAccountDeleted(self, on: connection)
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
    static let logout = "auth.logout"
    static let logoutAll = "auth.logout.all"
    static let passwordChanged = "auth.password.change"
    static let passwordChangeRefused = "auth.password.change.password_incorrect"
    static let researchModeAcknowledged = "research_mode.acknowledged"
    static let assistantFlagsUpdated = "admin.settings.assistant_flags.update"
}
