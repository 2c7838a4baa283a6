import APIToolkit
import HTTPServer

/// `DELETE /api/auth/me` `{"password": "…"}`: the account holder leaves (GDPR Art. 17, App
/// Store rule 5.1.1(v)). The password is checked with the login's verifier, and the attempt is
/// counted by the login throttle first, so a stolen access token cannot be used to guess it. A
/// wrong password is 403 and audited; the right one deletes the account and everything it owns
/// in one transaction (`AccountDeletion`), answers 204 and expires the session cookie. A linked
/// Withings account's Notify subscriptions are revoked first (best effort).
enum DeleteAccountEndpoint {
    struct Body: RequestBody {
        let password: String
        static let schema: Schema = .object("AccountDeletionRequest") {
            Property("password", .string(minLength: 1, maxLength: 1024), description: "The account's current password.")
        }
    }

    static let endpoint = Endpoint(
        .delete, "/api/auth/me", operationId: "deleteMe", summary: "Delete the account and everything it holds",
        tags: ["auth"], access: .user, body: Body.self,
        success: OpenAPIResponse(204, """
            Deleted: measurements, workouts, medications, intakes, mood entries, tokens and sessions, personal records, \
            the Withings link; the audit trail kept without the account, address or client. The session cookie is expired.
            """),
        failures: [OpenAPIResponse(403, "auth.password_incorrect: the password is not the account's (nothing was deleted)"),
                   LoginEndpoint.throttled]
    ) { context in
        { call, body in
            let userID = try call.user().userID, request = call.request
            let confirmed = try await PasswordConfirmation.confirm(body.password, userID: userID, request: request, context: context,
                                                                   refusedAction: AuditAction.accountDeletionRefused)
            // Withings would otherwise keep notifying us about an account nobody holds.
            await context.withingsLink?.revokeSubscriptions(userID: userID)
            try await context.database.transaction { connection in
                try AccountDeletion.delete(userID: userID, email: confirmed.email, requestedBy: .user, now: Clock.now(), on: connection)
            }
            try await context.throttle.loginSucceeded(confirmed.throttleKeys)
            return SessionCookie.signedOutResponse()
        }
    }
}

extension AuditAction {
    static let accountDeletionRefused = "auth.account.delete.password_incorrect"
}
