import NewsText

/// A story's text as the classifier reads it: one headline and body per article.
public typealias StoryText = (headline: String, body: String)

/// A correction to the subject model's desk for one kind of story the labeled sets file badly.
///
/// Every rule has the same shape: the subjects it may move, a probability at which the model
/// is sure enough to keep its desk, the desk the story goes to instead, and a test of the
/// story's text. The rules and why each exists are in their own files (`GovernmentCrisisRule`,
/// `LegislativeVoteRule`, `PoliticianInCourtRule`, `LawInCourtRule`, `CyberAttackRule`,
/// `DeadlyDisasterRule`, `DisasterWithoutPoliticsRule`) and in
/// docs/jarvis/story-engine.md (Topics).
public struct SubjectRule: Sendable {
    /// How `TopicEval` and the docs name the rule.
    public let name: String
    /// The subjects the rule may move; a story under any other subject keeps its desk.
    public let moves: Set<Subject>
    /// The subject probability at which the model's desk survives the rule.
    public let strongEvidence: Double
    /// Where the story goes when the rule applies (nil: no desk, not listed).
    public let desk: Topic?
    /// Whether the story, all its articles together, is of the kind the rule is about.
    public let matches: @Sendable ([StoryText]) -> Bool

    /// Whether the rule moves a story the model filed under `subject` with `probability`.
    public func applies(subject: Subject, probability: Double, texts: [StoryText]) -> Bool {
        moves.contains(subject) && probability < strongEvidence && matches(texts)
    }

    /// The rules in the order the classifier tries them; the first that applies decides.
    /// A government falling over a disaster's cost is politics, so that rule comes first.
    public static let ordered: [SubjectRule] = [
        .governmentCrisis, .legislativeVote, .politicianInCourt, .lawInCourt, .cyberAttack, .deadlyDisaster,
        .disasterWithoutPolitics,
    ]
}
