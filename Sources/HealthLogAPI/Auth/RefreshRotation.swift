import HTTPServer
import Secrets
import Storage

/// Refresh-token rotation with reuse detection (RFC 9700 §4.14.2), as one transaction that
/// first locks the token's family row: a concurrent revoke of the family waits for the rotation
/// (and then revokes the successor too) or the rotation waits and sees the family revoked. The
/// presented token is consumed by a single conditional UPDATE, so two concurrent refreshes with
/// one token cannot both succeed. A consumed token presented again means someone holds a copy:
/// the whole family, with its access tokens, is revoked.
enum RefreshRotation {
    enum Outcome: Sendable {
        case rotated(TokenStore.IssuedPair)
        case revoked
        case failed(RefreshFailure)
    }

    private struct Presented {
        let id: String
        let userID: String
        let familyID: String
        let expiresAt: Int64
        let consumed: Bool
        let revoked: Bool
    }

    static func run(token: String, revoke: Bool, policy: TokenPolicy, request: Request,
                    on connection: any DatabaseConnection) throws -> Outcome {
        let now = Clock.now()
        guard token.hasPrefix(TokenPolicy.refreshPrefix),
              let familyID = try connection.queryFirst("SELECT family_id FROM refresh_tokens WHERE token_hash = $1",
                                                       Digest.sha256Hex(token))?.decode(String.self, "family_id") else {
            return try fail(.unknown, userID: nil, request: request, now: now, on: connection)
        }
        try TokenStore.lockFamily(familyID, on: connection)
        // Read again under the lock: a rotation or revoke that committed meanwhile is visible now.
        let presented = try find(token, on: connection)

        if revoke {
            // Logging out must work with any token of the family, even an old or expired one.
            try TokenStore.revokeFamily(familyID, now: now, on: connection)
            try AuditEntry(AuditAction.refreshRevoke, userID: presented.userID, request: request, at: now).insert(on: connection)
            return .revoked
        }
        if presented.revoked { return try fail(.revoked, userID: presented.userID, request: request, now: now, on: connection) }
        if presented.consumed { return try reuse(familyID: familyID, userID: presented.userID, request: request, now: now, on: connection) }
        if presented.expiresAt <= now { return try fail(.expired, userID: presented.userID, request: request, now: now, on: connection) }

        let consumed = try connection.execute("""
            UPDATE refresh_tokens SET consumed_at = $1 WHERE id = $2 AND consumed_at IS NULL AND revoked_at IS NULL
            """, now, presented.id)
        // Zero rows: a concurrent refresh consumed it between our read and this write.
        guard consumed == 1 else { return try reuse(familyID: familyID, userID: presented.userID, request: request, now: now, on: connection) }
        let pair = try TokenStore.issuePair(userID: presented.userID, familyID: familyID, parentID: presented.id, policy: policy,
                                           now: now, on: connection)
        try AuditEntry(AuditAction.refresh, userID: presented.userID, request: request, at: now).insert(on: connection)
        return .rotated(pair)
    }

    /// The token's state; a revoked family makes it revoked whatever its own row says.
    private static func find(_ token: String, on connection: any DatabaseConnection) throws -> Presented {
        guard let row = try connection.queryFirst("""
            SELECT t.id, t.user_id, t.family_id, t.expires_at, t.consumed_at, t.revoked_at, f.revoked_at AS family_revoked_at
            FROM refresh_tokens t LEFT JOIN token_families f ON f.id = t.family_id WHERE t.token_hash = $1
            """, Digest.sha256Hex(token)) else { throw AuthErrors.refreshFailed(.unknown) }
        let consumedAt: Int64? = try row.decode("consumed_at"), revokedAt: Int64? = try row.decode("revoked_at")
        let familyRevokedAt: Int64? = try row.decode("family_revoked_at")
        return Presented(id: try row.decode("id"), userID: try row.decode("user_id"), familyID: try row.decode("family_id"),
                         expiresAt: try row.decode("expires_at"), consumed: consumedAt != nil,
                         revoked: revokedAt != nil || familyRevokedAt != nil)
    }

    private static func reuse(familyID: String, userID: String, request: Request, now: Int64,
                              on connection: any DatabaseConnection) throws -> Outcome {
        try TokenStore.revokeFamily(familyID, now: now, on: connection)
        return try fail(.reuse, userID: userID, request: request, now: now, on: connection)
    }

    /// The response's `meta.reason` and the audit row's `details.reason` are the same word.
    private static func fail(_ failure: RefreshFailure, userID: String?, request: Request, now: Int64,
                             on connection: any DatabaseConnection) throws -> Outcome {
        try AuditEntry(AuditAction.refreshFailed, userID: userID, request: request, details: ["reason": .string(failure.rawValue)],
                       at: now).insert(on: connection)
        return .failed(failure)
    }
}
