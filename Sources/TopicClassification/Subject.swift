import NewsText

/// What a text is about regardless of where it happens: the subject model's classes.
/// `africa` is not among them because it is a region, decided by `AfricaDesk`.
public enum Subject: String, Sendable, CaseIterable {
    case finance, tech, politics, other

    /// The desk for a story with this subject that is not primarily about Africa.
    public var topic: Topic? {
        switch self {
        case .finance: .finance
        case .tech: .tech
        case .politics: .politics
        case .other: nil
        }
    }
}
