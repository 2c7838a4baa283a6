/// The desks a listed story belongs to. A story that fits none is kept but not listed, so
/// "other" is not a case: classifiers return `nil` for it.
public enum Topic: String, Sendable, CaseIterable {
    case finance, tech, politics, africa
}
