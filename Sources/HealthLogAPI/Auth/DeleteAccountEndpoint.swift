import APIToolkit
import HTTPServer

/// `DELETE /api/auth/me` `{"password": "…"}`: the account holder leaves (GDPR Art. 17, App
/// Store rule 5.1.1(v)). The password is checked with the login's verifier, and the attempt is
/// counted by the login throttle first, so a stolen access token cannot be used to guess it. A
/// wrong password is 403 and audited; the right one deletes the account and everything it owns
/// in one transaction (`AccountDeletion`), answers 204 and expires the session cookie.
enum DeleteAccountEndpoint {
    struct Body: RequestBody {
        let password: String
        static let schema: Schema = .object("AccountDeletionRequest") {
            Property("password", .string(minLength: 1, maxLength: 1024), description: "The account's current password.")
        }
    }

    static let passwordIncorrect = APIError.forbidden("The password is not correct", code: "auth.password_incorrect")

    static let endpoint = Endpoint(
        .delete, "/api/auth/me", operationId: "deleteMe", summary: "Delete the account and everything it holds",
        tags: ["auth"], access: .user, body: Body.self,
        success: OpenAPIResponse(204, """
            Deleted: measurements, workouts, medications, intakes, mood entries, tokens and sessions, personal records, \
            the Withings link; the audit trail kept without the account, address or client. The session cookie is expired.
            """),
        failures: [OpenAPIResponse(403, "auth.password_incorrect: the password is not the account's (nothing was deleted)"),
                   OpenAPIResponse(429, "auth.throttled: over the login throttle's attempts for the e-mail or the address; Retry-After")]
    ) { context in
        { call, body in
            let userID = try call.user().userID, request = call.request
            guard let account = try await context.database.read({ connection in
                try connection.queryFirst("SELECT email, password_hash FROM users WHERE id = $1", userID)
            }) else { throw AuthErrors.unauthorized }
            let email: String = try account.decode("email"), storedHash: String = try account.decode("password_hash")
            let limits = context.throttle.loginLimits(email: email, address: ClientAddress(request: request, trustedProxies: context.trustedProxies))
            try await context.throttle.attempt(limits)
            guard try await context.passwords.verify(body.password, against: storedHash) else {
                try await context.database.write { connection in
                    try AuditEntry(AuditAction.accountDeletionRefused, userID: userID, request: request).insert(on: connection)
                }
                throw passwordIncorrect
            }
            try await context.database.transaction { connection in
                try AccountDeletion.delete(userID: userID, email: email, requestedBy: .user, now: Clock.now(), on: connection)
            }
            try await context.throttle.loginSucceeded(limits)
            var response = Response.empty(204)
            // The same cookie, emptied and expired: the browser drops it.
            response.headers.add("Set-Cookie", SessionCookie.setHeader(token: "", maxAge: 0, request: request))
            return response
        }
    }
}

extension AuditAction {
    static let accountDeletionRefused = "auth.account.delete.password_incorrect"
}
