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

    static func run(token: String, revoke: Bool, policy: TokenPolicy, request: Request,
                    on connection: any DatabaseConnection) throws -> Outcome {
        let now = Clock.now()
        guard token.hasPrefix(TokenPolicy.refreshPrefix),
              let familyID = try TokenStore.refreshFamily(digest: Digest.sha256Hex(token), on: connection) else {
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

        // False: a concurrent refresh consumed it between our read and this write.
        guard try TokenStore.consumeRefresh(presented.id, now: now, on: connection) else {
            return try reuse(familyID: familyID, userID: presented.userID, request: request, now: now, on: connection)
        }
        let pair = try TokenStore.issuePair(userID: presented.userID, familyID: familyID, parentID: presented.id, policy: policy,
                                           now: now, on: connection)
        try AuditEntry(AuditAction.refresh, userID: presented.userID, request: request, at: now).insert(on: connection)
        return .rotated(pair)
    }

    /// The token's state; a revoked family makes it revoked whatever its own row says.
    private static func find(_ token: String, on connection: any DatabaseConnection) throws -> TokenStore.RefreshToken {
        guard let presented = try TokenStore.refreshToken(digest: Digest.sha256Hex(token), on: connection) else {
            throw AuthErrors.refreshFailed(.unknown)
        }
        return presented
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
