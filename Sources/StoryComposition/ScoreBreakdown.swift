/// The five components of a story's signal score, each 0…20; the score is their sum (0…100),
/// so the app can show why a story ranks where it does. Rubric: docs/jarvis/scoring.md.
public struct ScoreBreakdown: Sendable, Equatable, Codable {
    public static let componentMaximum = 20

    public var sourceAuthority: Int
    public var freshness: Int
    public var localRelevance: Int
    public var crossSourceConfirmation: Int
    public var topicImportance: Int

    public init(sourceAuthority: Int, freshness: Int, localRelevance: Int, crossSourceConfirmation: Int,
                topicImportance: Int) {
        self.sourceAuthority = sourceAuthority
        self.freshness = freshness
        self.localRelevance = localRelevance
        self.crossSourceConfirmation = crossSourceConfirmation
        self.topicImportance = topicImportance
    }

    public var signalScore: Int {
        sourceAuthority + freshness + localRelevance + crossSourceConfirmation + topicImportance
    }

    /// A component forced into 0…20, so no input can push the sum outside 0…100.
    static func clamp(_ value: Int) -> Int {
        min(max(value, 0), componentMaximum)
    }
}
