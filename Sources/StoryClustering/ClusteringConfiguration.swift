import Foundation

/// The knobs of `StoryClusterer`. Defaults were chosen on the dev half of the AllSides set only
/// (`ClusteringEval --tune`; see docs/jarvis/story-engine.md, "Clustering"): within 0.01 F1 of the
/// best dev setting, preferring the higher threshold, some entity weight and the longer half-life,
/// because real feeds carry far more concurrent events than AllSides' five a day.
public struct ClusteringConfiguration: Sendable, Equatable {
    /// An article is compared only with stories that had an article within this much time of its
    /// `publishedAt` (either side, so late-arriving articles still find their story). Bounds the
    /// candidates to what is "live", which keeps cost per article flat as the archive grows.
    public var timeWindow: TimeInterval = 72 * 3600
    /// A story with an article this recent counts as active: similarity to it is not discounted.
    public var quietGrace: TimeInterval = 6 * 3600
    /// Beyond `quietGrace`, similarity to a story is halved for each such span of quiet (see
    /// `StoryCentroid.quietnessFactor`): stale stories need stronger evidence than active ones.
    public var quietHalfLife: TimeInterval = 12 * 3600
    /// Minimum similarity (0…1) to join the most similar story; below it the article starts one.
    public var joinThreshold: Double = 0.15
    /// An article at least this similar to a second story shows the two report one event: they merge.
    /// Higher than `joinThreshold` so a loosely related article does not chain stories together.
    public var mergeThreshold: Double = 0.35
    /// Share of the similarity that comes from named entities and quantities (when both sides have
    /// some); the rest comes from ordinary words. What keeps apart two events worded alike.
    public var entityShare: Double = 0.35
    /// Similarity is multiplied by this for each way the article and the story are about different
    /// subjects (`StoryCentroid.similarity`: names neither mentions of the other's, countries,
    /// kinds of event): two central banks cutting by the same 25 basis points on one day are two stories.
    public var differentSubjectsFactor: Double = 0.5
    /// Similarity is multiplied by this when both headlines name one kind of event that many actors
    /// have in a week and their actors differ (`StoryCentroid.similarity`, `EventActors`): three
    /// companies' layoffs of one morning, each naming the others in passing, are three stories.
    public var differentActorsFactor: Double = 0
    /// How much more a headline word counts than a body word.
    public var headlineBoost: Double = 2
    /// Body words read per article: the lead says what the event is, and the cap bounds the cost.
    public var bodyWordLimit: Int = 250
    /// Terms kept per story centroid (the heaviest by TF-IDF), so a story with 500 articles costs
    /// what one with 20 does.
    public var centroidTermLimit: Int = 120
    /// The article's heaviest terms used to look up candidate stories in the inverted index.
    public var queryTermLimit: Int = 24
    /// Candidates (by index score) that get an exact similarity.
    public var candidateLimit: Int = 16
    /// After this many documents, all document frequencies are halved and terms seen only once
    /// forgotten: IDF follows recent news and the vocabulary stays bounded.
    public var documentFrequencyHorizon: Int = 50_000

    /// How much the shipped background statistics (`TermStatistics`) count against the news read
    /// since start-up: 0.1 makes 9,000 background documents weigh like 900.
    public var backgroundWeight: Double = 0.1

    public init() {}
}
