import APIToolkit
import HTTPServer

/// Signing out. `POST /api/auth/logout` ends the credential the request is signed in with: the
/// browser session, or the bearer token's whole family (its refresh token too), so that device
/// must sign in again. `POST /api/auth/logout-all` ends every session and token family of the
/// account, on every device. Both are audited, answer 204 and expire the session cookie.
enum LogoutEndpoints {
    static let endpoints = [logout, logoutAll]

    static let logout = Endpoint(
        .post, "/api/auth/logout", operationId: "logout", summary: "Sign out this session or token family",
        tags: ["auth"], access: .user,
        success: OpenAPIResponse(204, """
            Signed out: the session, or the bearer token's family with its refresh tokens, is revoked; \
            the session cookie is expired.
            """)
    ) { context in
        { call in
            let principal = try call.user(), request = call.request
            try await context.database.transaction { connection in
                let now = Clock.now()
                try TokenStore.revokeCredential(of: principal, now: now, on: connection)
                try AuditEntry(AuditAction.logout, userID: principal.userID, request: request,
                               details: ["credential": .string(principal.familyID == nil ? "session" : "bearer")],
                               at: now).insert(on: connection)
            }
            return SessionCookie.signedOutResponse()
        }
    }

    static let logoutAll = Endpoint(
        .post, "/api/auth/logout-all", operationId: "logoutAll", summary: "Sign out every session and device",
        tags: ["auth"], access: .user,
        success: OpenAPIResponse(204, "Every session and token family of the account is revoked; the session cookie is expired.")
    ) { context in
        { call in
            let userID = try call.user().userID, request = call.request
            try await context.database.transaction { connection in
                let now = Clock.now()
                let revoked = try TokenStore.revokeAll(userID: userID, keeping: nil, now: now, on: connection)
                try AuditEntry(AuditAction.logoutAll, userID: userID, request: request, details: revoked.auditDetails,
                               at: now).insert(on: connection)
            }
            return SessionCookie.signedOutResponse()
        }
    }
}

extension TokenStore.Revoked {
    var auditDetails: JSONObject {
        ["revokedFamilies": .integer(Int64(families)), "revokedSessions": .integer(Int64(sessions))]
    }
}
