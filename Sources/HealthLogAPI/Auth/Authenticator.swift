import APIToolkit
import HTTPServer
import Secrets
import Storage

/// Resolves a request's credentials to an account: `Authorization: Bearer <access token>`, or
/// else the browser session cookie, which for unsafe methods only counts from the site's own
/// pages (`SameOrigin`). Access tokens are database rows, so a revoked family stops
/// working at once on every server process sharing the database.
///
/// Every bearer attempt is recorded as `auth.bearer.success` or `auth.bearer.failure` through
/// the batching writer, so the request does not wait for the INSERT. A refused token that
/// belongs to a known account (expired, revoked) is recorded with that account and the reason,
/// so the user sees it in their own audit trail; failures of no account are recorded up to a
/// per-address allowance (`UnattributedFailureSampler`).
struct Authenticator: Sendable {
    let database: Database
    let audit: AuditBatcher
    let trustedProxies: TrustedProxies
    let unattributedFailures: UnattributedFailureSampler

    /// What the digest lookup found.
    private enum Lookup {
        case live(Principal)
        case refused(userID: String, reason: String)
        case unknown
    }

    func authenticate(_ request: Request) async throws -> Principal {
        if request.headers["Authorization"] != nil {
            return try await authenticateBearer(request.bearerCredential, request: request)
        }
        if let session = SessionCookie.token(in: request), session.hasPrefix(TokenPolicy.sessionPrefix),
           case .live(let principal) = try await lookup(token: session, kind: "session") {
            // A browser attaches the cookie to requests other sites make it send.
            try SameOrigin.check(request)
            return principal
        }
        throw AuthErrors.unauthorized
    }

    /// `credential` is nil when an Authorization header is there but holds no bearer credential.
    private func authenticateBearer(_ credential: Substring?, request: Request) async throws -> Principal {
        var reason = "malformed", userID: String?
        if let credential {
            let token = String(credential)
            if token.hasPrefix(TokenPolicy.refreshPrefix) {
                // Self-test item 5: refresh tokens are not bearers.
                reason = "refresh_token"
            } else if token.hasPrefix(TokenPolicy.accessPrefix) {
                switch try await lookup(token: token, kind: "bearer") {
                case .live(let principal):
                    audit.record(AuditEntry(AuditAction.bearerSuccess, userID: principal.userID, request: request))
                    return principal
                case .refused(let owner, let why):
                    (userID, reason) = (owner, why)
                case .unknown:
                    reason = "invalid"
                }
            }
        }
        let client = ClientAddress(request: request, trustedProxies: trustedProxies).throttleKey
        if userID != nil || unattributedFailures.admit(client, now: Clock.now()) {
            audit.record(AuditEntry(AuditAction.bearerFailure, userID: userID, request: request, details: ["reason": .string(reason)]))
        }
        throw AuthErrors.unauthorized
    }

    /// The token of `kind` whose digest matches: live only when neither it nor its family is
    /// revoked and it has not expired.
    private func lookup(token: String, kind: String) async throws -> Lookup {
        let digest = Digest.sha256Hex(token), now = Clock.now()
        guard let stored = try await database.read({ try UserStore.accessToken(digest: digest, kind: kind, on: $0) }) else {
            return .unknown
        }
        if stored.revokedAt != nil || stored.familyRevokedAt != nil { return .refused(userID: stored.userID, reason: "revoked") }
        if stored.expiresAt <= now { return .refused(userID: stored.userID, reason: "expired") }
        return .live(Principal(userID: stored.userID, role: stored.role, tokenID: stored.tokenID, familyID: stored.familyID))
    }
}
