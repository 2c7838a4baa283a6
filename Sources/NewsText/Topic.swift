/// The desks a listed story belongs to, shared by classification (which desk) and composition
/// (how much the desk weighs in the score). A story that fits none is kept but not listed, so
/// "other" is not a case: classifiers return `nil` for it. The raw values are the slugs of the
/// iOS contract (`topic` of a story, the `topic` query of `GET /stories`), in its order.
public enum Topic: String, Sendable, CaseIterable, Codable {
    case finance, tech, politics, africa
}
