import APIToolkit
import HTTPServer

/// The signed-in account holder's password, asked again before a grave change (deleting the
/// account, changing the password). Counted by the login throttle BEFORE it is checked, so a
/// stolen access token cannot be used to guess it; a wrong one is audited as `refusedAction`
/// and answered 403 `auth.password_incorrect`.
struct PasswordConfirmation: Sendable {
    let email: String
    let storedHash: String
    /// Given back with `LoginThrottle.loginSucceeded` once the change is done.
    let throttleKeys: LoginThrottle.LoginKeys

    static func confirm(_ password: String, userID: String, request: Request, context: HealthLogContext,
                        refusedAction: String) async throws -> PasswordConfirmation {
        guard let account = try await context.database.read({ try UserStore.credentials(id: userID, on: $0) }) else {
            throw AuthErrors.unauthorized
        }
        let email = account.email, storedHash = account.passwordHash
        let keys = context.throttle.loginLimits(email: email, address: ClientAddress(request: request, trustedProxies: context.trustedProxies))
        try await context.throttle.attempt(keys)
        guard try await context.passwords.verify(password, against: storedHash) else {
            try await context.database.write { connection in
                try AuditEntry(refusedAction, userID: userID, request: request).insert(on: connection)
            }
            throw AuthErrors.passwordIncorrect
        }
        return PasswordConfirmation(email: email, storedHash: storedHash, throttleKeys: keys)
    }
}
