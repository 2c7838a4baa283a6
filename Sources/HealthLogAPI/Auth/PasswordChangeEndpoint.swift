import APIToolkit
import HTTPServer

/// `PUT /api/auth/me/password` `{currentPassword, newPassword}`: the account holder changes their
/// password. The new one must meet the rules of account creation (checked first, so a refused one
/// costs no guess). The current one is checked like a login, counted by the login throttle first,
/// so a stolen access token cannot be used to guess it; a wrong one is 403 and audited. On
/// success the new hash is stored and every OTHER session and token family of the account is
/// revoked in the same transaction (the caller stays signed in), audited, 204.
enum PasswordChangeEndpoint {
    struct Body: RequestBody {
        let currentPassword: String
        let newPassword: String
        static let schema: Schema = .object("PasswordChangeRequest") {
            Property("currentPassword", .string(minLength: 1, maxLength: 1024), description: "The account's password now.")
            Property("newPassword", .string(minLength: 1, maxLength: 1024),
                     description: "At least \(UserAccounts.minimumPasswordLength) characters, as for a new account.")
        }
    }

    static let endpoint = Endpoint(
        .put, "/api/auth/me/password", operationId: "changePassword", summary: "Change the account's password",
        tags: ["auth"], access: .user, body: Body.self,
        success: OpenAPIResponse(204, "Changed; every other session and token family of the account is revoked, this one kept."),
        failures: [OpenAPIResponse(403, "auth.password_incorrect: currentPassword is not the account's (nothing changed)"),
                   OpenAPIResponse(422, "auth.password_too_weak: newPassword breaks the password rules; meta.path is newPassword"),
                   LoginEndpoint.throttled]
    ) { context in
        { call, body in
            let principal = try call.user(), request = call.request
            do {
                try UserAccounts.checkStrength(ofPassword: body.newPassword)
            } catch let error as UserAccounts.CreationError {
                throw APIError.unprocessable(issues: [ValidationIssue(path: "newPassword", code: .invalidValue, message: error.description)],
                                             code: "auth.password_too_weak")
            }
            let confirmed = try await PasswordConfirmation.confirm(body.currentPassword, userID: principal.userID, request: request,
                                                                   context: context, refusedAction: AuditAction.passwordChangeRefused)
            let newHash = try await context.passwords.hash(body.newPassword)
            try await context.database.transaction { connection in
                let now = Clock.now()
                // The hash just verified must still be the stored one: a concurrent change wins.
                guard try UserStore.changePassword(id: principal.userID, from: confirmed.storedHash, to: newHash, now: now,
                                                   on: connection) else { throw AuthErrors.passwordIncorrect }
                let revoked = try TokenStore.revokeAll(userID: principal.userID, keeping: principal, now: now, on: connection)
                try AuditEntry(AuditAction.passwordChanged, userID: principal.userID, request: request, details: revoked.auditDetails,
                               at: now).insert(on: connection)
            }
            try await context.throttle.loginSucceeded(confirmed.throttleKeys)
            return Response.empty(204)
        }
    }
}
