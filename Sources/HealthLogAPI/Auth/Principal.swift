/// The account behind an authenticated request.
public struct Principal: Sendable, Equatable {
    public let userID: String
    public let role: UserRole
}

public enum UserRole: String, Sendable, Equatable {
    case user
    case admin
}
