import APIToolkit
import HTTPServer
import Secrets
import Storage

/// Resolves a request's credentials to an account: `Authorization: Bearer <access token>`, or
/// else the browser session cookie. Access tokens are database rows, so a revoked family stops
/// working at once on every server process sharing the database.
///
/// Every bearer attempt is recorded as `auth.bearer.success` or `auth.bearer.failure` through
/// the batching writer, so the request does not wait for the INSERT.
struct Authenticator: Sendable {
    let database: Database
    let audit: AuditBatcher

    func authenticate(_ request: Request) async throws -> Principal {
        if let authorization = request.headers["Authorization"] {
            return try await authenticateBearer(authorization, request: request)
        }
        if let session = SessionCookie.token(in: request), session.hasPrefix(TokenPolicy.sessionPrefix),
           let principal = try await lookup(token: session, kind: "session") {
            return principal
        }
        throw AuthErrors.unauthorized
    }

    private func authenticateBearer(_ authorization: String, request: Request) async throws -> Principal {
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        var reason = "malformed"
        if parts.count == 2, parts[0].lowercased() == "bearer" {
            let token = String(parts[1])
            if token.hasPrefix(TokenPolicy.refreshPrefix) {
                // Self-test item 5: refresh tokens are not bearers.
                reason = "refresh_token"
            } else if token.hasPrefix(TokenPolicy.accessPrefix) {
                if let principal = try await lookup(token: token, kind: "bearer") {
                    audit.record(AuditEntry(AuditAction.bearerSuccess, userID: principal.userID, request: request))
                    return principal
                }
                reason = "invalid"
            }
        }
        audit.record(AuditEntry(AuditAction.bearerFailure, userID: nil, request: request, details: ["reason": .string(reason)]))
        throw AuthErrors.unauthorized
    }

    /// The live (unexpired, unrevoked) token of `kind` whose digest matches.
    private func lookup(token: String, kind: String) async throws -> Principal? {
        let digest = Digest.sha256Hex(token), now = Clock.now()
        let row = try await database.read { connection in
            try connection.queryFirst("""
                SELECT u.id AS user_id, u.role AS role FROM access_tokens t JOIN users u ON u.id = t.user_id
                WHERE t.token_hash = $1 AND t.kind = $2 AND t.revoked_at IS NULL AND t.expires_at > $3
                """, digest, kind, now)
        }
        guard let row else { return nil }
        let role = UserRole(rawValue: try row.decode("role")) ?? .user
        return Principal(userID: try row.decode("user_id"), role: role, credential: kind == "bearer" ? .bearer : .sessionCookie)
    }
}
