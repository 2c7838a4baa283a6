import Secrets
import Storage

/// Refresh-token rotation with reuse detection (RFC 9700 §4.14.2), as one transaction:
/// the presented token is consumed by a single conditional UPDATE and its successor inserted,
/// so two concurrent refreshes with one token cannot both succeed. A consumed token presented
/// again means someone holds a copy: the whole family, with its access tokens, is revoked.
enum RefreshRotation {
    enum Outcome: Sendable {
        case rotated(TokenStore.IssuedPair)
        case revoked
        case failed(RefreshFailure)
    }

    static func run(token: String, revoke: Bool, policy: TokenPolicy, audit request: AuditRequest,
                    on connection: any DatabaseConnection) throws -> Outcome {
        let now = Clock.now()
        guard token.hasPrefix(TokenPolicy.refreshPrefix),
              let row = try connection.queryFirst("""
                  SELECT id, user_id, family_id, expires_at, consumed_at, revoked_at FROM refresh_tokens WHERE token_hash = $1
                  """, Digest.sha256Hex(token)) else {
            try request.entry(AuditAction.refreshFailed, userID: nil, reason: "unknown", at: now).insert(on: connection)
            return .failed(.unknown)
        }
        let id: String = try row.decode("id"), userID: String = try row.decode("user_id")
        let familyID: String = try row.decode("family_id"), expiresAt: Int64 = try row.decode("expires_at")
        let consumedAt: Int64? = try row.decode("consumed_at"), revokedAt: Int64? = try row.decode("revoked_at")

        if revoke {
            // Logging out must work with any token of the family, even an old or expired one.
            try TokenStore.revokeFamily(familyID, now: now, on: connection)
            try request.entry(AuditAction.refreshRevoke, userID: userID, reason: nil, at: now).insert(on: connection)
            return .revoked
        }
        if revokedAt != nil { return try fail(.revoked, userID: userID, request: request, now: now, on: connection) }
        if consumedAt != nil { return try reuse(familyID: familyID, userID: userID, request: request, now: now, on: connection) }
        if expiresAt <= now { return try fail(.expired, userID: userID, request: request, now: now, on: connection) }

        let consumed = try connection.execute("""
            UPDATE refresh_tokens SET consumed_at = $1 WHERE id = $2 AND consumed_at IS NULL AND revoked_at IS NULL
            """, now, id)
        // Zero rows: a concurrent refresh consumed it between our read and this write.
        guard consumed == 1 else { return try reuse(familyID: familyID, userID: userID, request: request, now: now, on: connection) }
        let pair = try TokenStore.issuePair(userID: userID, familyID: familyID, parentID: id, policy: policy, now: now, on: connection)
        try request.entry(AuditAction.refresh, userID: userID, reason: nil, at: now).insert(on: connection)
        return .rotated(pair)
    }

    private static func reuse(familyID: String, userID: String, request: AuditRequest, now: Int64,
                              on connection: any DatabaseConnection) throws -> Outcome {
        try TokenStore.revokeFamily(familyID, now: now, on: connection)
        try request.entry(AuditAction.refreshFailed, userID: userID, reason: "reuse", at: now).insert(on: connection)
        return .failed(.consumed)
    }

    private static func fail(_ failure: RefreshFailure, userID: String, request: AuditRequest, now: Int64,
                             on connection: any DatabaseConnection) throws -> Outcome {
        try request.entry(AuditAction.refreshFailed, userID: userID, reason: failure.rawValue, at: now).insert(on: connection)
        return .failed(failure)
    }
}
