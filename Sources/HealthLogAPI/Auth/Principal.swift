/// The account behind an authenticated request.
public struct Principal: Sendable, Equatable {
    public enum Credential: Sendable, Equatable {
        case bearer
        case sessionCookie
    }

    public let userID: String
    public let role: UserRole
    public let credential: Credential
}

public enum UserRole: String, Sendable, Equatable {
    case user
    case admin
}
