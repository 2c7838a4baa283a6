import APIToolkit

/// The authentication failures clients branch on. One message for every credential failure,
/// so the answer never tells an attacker which part was wrong.
enum AuthErrors {
    static let unauthorized = APIError(status: 401, code: "auth.unauthorized", message: "Authentication required",
                                       headers: [APIError.Header(name: "WWW-Authenticate", value: "Bearer")])

    static let invalidCredentials = APIError(status: 401, code: "auth.invalid_credentials",
                                             message: "Invalid email or password")

    /// A signed-in account's password, asked again before a grave change, is wrong.
    static let passwordIncorrect = APIError.forbidden("The password is not correct", code: "auth.password_incorrect")

    static let forbidden = APIError.forbidden("This action needs an administrator account", code: "auth.forbidden")

    static func throttled(retryAfter seconds: Int) -> APIError {
        var error = APIError.tooManyRequests(retryAfter: seconds, code: "auth.throttled")
        error.message = "Too many attempts; retry in \(seconds) s"
        return error
    }

    static func refreshFailed(_ reason: RefreshFailure) -> APIError {
        APIError(status: 401, code: "auth.token.refresh.failed", message: "The refresh token cannot be used",
                 details: ["reason": .string(reason.rawValue)])
    }
}

/// Why a refresh token was refused; sent as `meta.reason`.
enum RefreshFailure: String, Sendable {
    case unknown, expired, revoked
    /// Presented again after rotation (consumed): treated as theft, the whole family is revoked.
    /// The contract (§9.3) names this reason `reuse`; the response and the audit row both use it.
    case reuse
}
