import Foundation
import Secrets
import Storage

/// Every statement on `access_tokens`, `refresh_tokens` and `token_families` but the bearer
/// lookup (`UserStore.accessToken`, which joins the holder's role), each inside the caller's
/// transaction: issuing, rotating, revoking and pruning credentials. Only `Digest.sha256Hex` of a
/// token is stored; a token is found again by the digest of what the client presents, so no
/// stored secret is ever compared byte by byte.
enum TokenStore {
    struct IssuedPair: Encodable, Sendable {
        let accessToken: String
        let refreshToken: String
        let tokenType = "Bearer"
        let expiresIn: Int64
    }

    /// A new access token and refresh token in `familyID` (a new family at login).
    static func issuePair(userID: String, familyID: String, parentID: String?, policy: TokenPolicy, now: Int64,
                          on connection: any DatabaseConnection) throws -> IssuedPair {
        let refresh = RandomToken.generate(prefix: TokenPolicy.refreshPrefix)
        try connection.execute("""
            INSERT INTO refresh_tokens (id, token_hash, user_id, family_id, parent_id, created_at, expires_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, newID(), Digest.sha256Hex(refresh), userID, familyID, parentID, now, now + policy.refreshTokenSeconds)
        let access = try issueAccess(kind: "bearer", prefix: TokenPolicy.accessPrefix, userID: userID, familyID: familyID,
                                     now: now, lifetime: policy.accessTokenSeconds, on: connection)
        return IssuedPair(accessToken: access, refreshToken: refresh, expiresIn: policy.accessTokenSeconds)
    }

    /// A browser session: an opaque token that travels only in an HttpOnly cookie.
    static func issueSession(userID: String, policy: TokenPolicy, now: Int64, on connection: any DatabaseConnection) throws -> String {
        try issueAccess(kind: "session", prefix: TokenPolicy.sessionPrefix, userID: userID, familyID: nil,
                        now: now, lifetime: policy.sessionSeconds, on: connection)
    }

    /// A new family (one per login); its id goes on every token descending from that login.
    static func startFamily(userID: String, now: Int64, on connection: any DatabaseConnection) throws -> String {
        let id = newID()
        try connection.execute("INSERT INTO token_families (id, user_id, created_at) VALUES ($1, $2, $3)", id, userID, now)
        return id
    }

    /// Takes the family's row lock for the rest of the transaction (a no-op UPDATE, portable to
    /// SQLite, where write transactions are serial anyway). Rotation and revocation both start
    /// here, so on PostgreSQL one waits for the other and then sees everything it inserted.
    static func lockFamily(_ familyID: String, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE token_families SET revoked_at = revoked_at WHERE id = $1", familyID)
    }

    /// Ends a family: the family row (which alone makes every token of it dead on lookup), every
    /// refresh token in it and every access token issued from it. Locks the family first.
    static func revokeFamily(_ familyID: String, now: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("UPDATE token_families SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2", now, familyID)
        try connection.execute("UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL", now, familyID)
        try connection.execute("UPDATE access_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL", now, familyID)
    }

    /// Ends the credential `principal` signed in with: a bearer token's whole family (its refresh
    /// tokens too), or the browser session.
    static func revokeCredential(of principal: Principal, now: Int64, on connection: any DatabaseConnection) throws {
        if let familyID = principal.familyID {
            try revokeFamily(familyID, now: now, on: connection)
        } else {
            try connection.execute("UPDATE access_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
                                   now, principal.tokenID)
        }
    }

    /// How many live credentials `revokeAll` ended.
    struct Revoked: Sendable {
        let families: Int
        let sessions: Int
    }

    /// Ends every family and session of `userID`, except the credential of `kept` (the caller's
    /// own device after a password change) when given. A revoked family row makes every token of
    /// it dead on lookup, including one a concurrent rotation inserts.
    static func revokeAll(userID: String, keeping kept: Principal?, now: Int64,
                          on connection: any DatabaseConnection) throws -> Revoked {
        let keptFamily = kept?.familyID ?? "", keptSession = kept?.familyID == nil ? kept?.tokenID ?? "" : ""
        let families = try connection.execute("""
            UPDATE token_families SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND id <> $3
            """, now, userID, keptFamily)
        try connection.execute("""
            UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND family_id <> $3
            """, now, userID, keptFamily)
        try connection.execute("""
            UPDATE access_tokens SET revoked_at = $1
            WHERE user_id = $2 AND kind = 'bearer' AND revoked_at IS NULL AND (family_id IS NULL OR family_id <> $3)
            """, now, userID, keptFamily)
        let sessions = try connection.execute("""
            UPDATE access_tokens SET revoked_at = $1 WHERE user_id = $2 AND kind = 'session' AND revoked_at IS NULL AND id <> $3
            """, now, userID, keptSession)
        return Revoked(families: families, sessions: sessions)
    }

    /// A refresh token as rotation reads it, its family's revocation folded in.
    struct RefreshToken: Sendable {
        let id: String
        let userID: String
        let familyID: String
        let expiresAt: Int64
        let consumed: Bool
        /// The token or its family is revoked.
        let revoked: Bool
    }

    /// The family of the refresh token whose `token_hash` is `digest`; nil when there is none.
    static func refreshFamily(digest: String, on connection: any DatabaseConnection) throws -> String? {
        try connection.queryFirst("SELECT family_id FROM refresh_tokens WHERE token_hash = $1", digest)?.decode(String.self, "family_id")
    }

    /// The refresh token whose `token_hash` is `digest`, with its family's revocation; nil when
    /// there is none.
    static func refreshToken(digest: String, on connection: any DatabaseConnection) throws -> RefreshToken? {
        guard let row = try connection.queryFirst("""
            SELECT t.id, t.user_id, t.family_id, t.expires_at, t.consumed_at, t.revoked_at, f.revoked_at AS family_revoked_at
            FROM refresh_tokens t LEFT JOIN token_families f ON f.id = t.family_id WHERE t.token_hash = $1
            """, digest) else { return nil }
        let consumedAt: Int64? = try row.decode("consumed_at"), revokedAt: Int64? = try row.decode("revoked_at")
        let familyRevokedAt: Int64? = try row.decode("family_revoked_at")
        return RefreshToken(id: try row.decode("id"), userID: try row.decode("user_id"), familyID: try row.decode("family_id"),
                            expiresAt: try row.decode("expires_at"), consumed: consumedAt != nil,
                            revoked: revokedAt != nil || familyRevokedAt != nil)
    }

    /// Marks the refresh token `id` consumed at `now` by one conditional UPDATE, so of two
    /// concurrent rotations with one token only one succeeds. False when it was already consumed
    /// or revoked.
    static func consumeRefresh(_ id: String, now: Int64, on connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("""
            UPDATE refresh_tokens SET consumed_at = $1 WHERE id = $2 AND consumed_at IS NULL AND revoked_at IS NULL
            """, now, id) == 1
    }

    /// Deletes access and refresh tokens that expired before `cutoff`, then families created
    /// before it that no refresh token is left in.
    static func pruneExpired(before cutoff: Int64, on connection: any DatabaseConnection) throws {
        try connection.execute("DELETE FROM access_tokens WHERE expires_at < $1", cutoff)
        try connection.execute("DELETE FROM refresh_tokens WHERE expires_at < $1", cutoff)
        try connection.execute("""
            DELETE FROM token_families WHERE created_at < $1
                AND NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = token_families.id)
            """, cutoff)
    }

    static func newID() -> String { UUID().uuidString.lowercased() }

    private static func issueAccess(kind: String, prefix: String, userID: String, familyID: String?, now: Int64,
                                    lifetime: Int64, on connection: any DatabaseConnection) throws -> String {
        let token = RandomToken.generate(prefix: prefix)
        try connection.execute("""
            INSERT INTO access_tokens (id, token_hash, kind, user_id, family_id, created_at, expires_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, newID(), Digest.sha256Hex(token), kind, userID, familyID, now, now + lifetime)
        return token
    }
}
