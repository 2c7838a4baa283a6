/// The account behind an authenticated request, and the credential that proved it.
public struct Principal: Sendable, Equatable {
    public let userID: String
    public let role: UserRole
    /// The `access_tokens` row presented (a browser session or a bearer token).
    let tokenID: String
    /// The bearer token's family (refresh tokens share it); nil for a browser session.
    let familyID: String?
}

public enum UserRole: String, Sendable, Equatable {
    case user
    case admin
}
