import Foundation

/// Online story clustering: each incoming article joins the live story reporting the same event,
/// or starts one; an article that matches two stories strongly merges them.
///
/// Cost per article is roughly constant: candidate stories come from an inverted index queried with
/// the article's `queryTermLimit` heaviest terms, only stories within `timeWindow` count, only the
/// best `candidateLimit` get an exact similarity, and centroids are capped at `centroidTermLimit` terms.
/// Memory stays bounded when the owner calls `evict(before:)` regularly.
///
/// Not `Sendable`: one owner (the story engine's serial pipeline) drives it.
public final class StoryClusterer {
    public let configuration: ClusteringConfiguration
    private var vocabulary: TermVocabulary
    /// Keyed by a serial in order of creation: when stories merge the oldest survives, so the id
    /// clients have held longest stays valid.
    private var stories: [Int: StoryCentroid] = [:]
    private var serialsByID: [String: Int] = [:]
    private var postings = StoryPostings()
    private var nextSerial = 0

    /// `background` seeds the word statistics (see `TermStatistics`); nil starts from nothing.
    public init(configuration: ClusteringConfiguration = ClusteringConfiguration(), background: TermStatistics? = nil) {
        self.configuration = configuration
        vocabulary = background.map {
            TermVocabulary(horizon: configuration.documentFrequencyHorizon, background: $0,
                           weight: Float(configuration.backgroundWeight))
        }
            ?? TermVocabulary(horizon: configuration.documentFrequencyHorizon)
    }

    /// Live stories (not yet evicted or merged away).
    public var storyCount: Int { stories.count }

    /// Decides the article's story. `newStoryID` is called only when the article starts one.
    public func assign(_ article: ClusterArticle, newStoryID: () -> String) -> ClusterAssignment {
        let vector = ArticleVector.make(for: article, configuration: configuration, vocabulary: &vocabulary)
        let ranked = rankedCandidates(for: vector, at: article.publishedAt)
        defer { vocabulary.forgetOldCountsIfDue(isReferenced: postings.contains(term:)) }
        guard let best = ranked.first, best.similarity >= Float(configuration.joinThreshold) else {
            let id = newStoryID()
            add(vector, at: article.publishedAt, toStory: createStory(id: id, publishedAt: article.publishedAt))
            return ClusterAssignment(storyID: id, isNewStory: true, mergedStoryIDs: [])
        }
        add(vector, at: article.publishedAt, toStory: best.serial)
        let mergeable = ranked.dropFirst().filter { $0.similarity >= Float(configuration.mergeThreshold) }.map(\.serial)
        guard !mergeable.isEmpty else {
            return ClusterAssignment(storyID: stories[best.serial]!.id, isNewStory: false, mergedStoryIDs: [])
        }
        let group = ([best.serial] + mergeable).sorted()
        let survivor = group[0]
        var mergedIDs: [String] = []
        for absorbed in group.dropFirst() {
            mergedIDs.append(stories[absorbed]!.id)
            merge(absorbed, into: survivor)
        }
        return ClusterAssignment(storyID: stories[survivor]!.id, isNewStory: false, mergedStoryIDs: mergedIDs)
    }

    /// Puts an article back in a story decided earlier (start-up from stored assignments): updates
    /// the index and document frequencies exactly as `assign` would, without deciding anything.
    public func restore(_ article: ClusterArticle, storyID: String) {
        let vector = ArticleVector.make(for: article, configuration: configuration, vocabulary: &vocabulary)
        let serial = serialsByID[storyID] ?? createStory(id: storyID, publishedAt: article.publishedAt)
        add(vector, at: article.publishedAt, toStory: serial)
        vocabulary.forgetOldCountsIfDue(isReferenced: postings.contains(term:))
    }

    /// Counts an article's terms into the document frequencies without clustering it. A fresh
    /// clusterer knows no word statistics, so its first articles weigh "said" like "Kinshasa";
    /// priming it with a few thousand ordinary news texts (any period, no labels) fixes that.
    public func learnTermStatistics(from article: ClusterArticle) {
        _ = ArticleVector.make(for: article, configuration: configuration, vocabulary: &vocabulary)
        vocabulary.forgetOldCountsIfDue(isReferenced: postings.contains(term:))
    }

    /// The word statistics learned so far (after `learnTermStatistics` over a corpus: what
    /// `TermStatisticsBuilder` ships), keeping terms seen in at least `minimumDocuments` documents.
    public func termStatistics(minimumDocuments: Int) -> TermStatistics {
        vocabulary.statistics(minimumDocuments: minimumDocuments)
    }

    /// Forgets stories whose latest article is older than `date`: they can no longer be joined,
    /// and memory stays proportional to the news of the last few days.
    public func evict(before date: Date) {
        for (serial, story) in stories where story.latest < date {
            remove(serial, story)
        }
    }

    // MARK: - Steps

    private struct Candidate {
        let serial: Int
        let similarity: Float
    }

    /// Live stories sharing the article's strongest terms, most similar first.
    private func rankedCandidates(for vector: ArticleVector, at date: Date) -> [Candidate] {
        var indexScores: [Int: Float] = [:]
        // Shortlist by the summed weight of shared query terms: cheap, and the exact similarity
        // below re-ranks the shortlist.
        for term in vector.strongestTerms(configuration.queryTermLimit) {
            for serial in postings.stories(with: term.id) {
                indexScores[serial, default: 0] += term.weight
            }
        }
        let window = configuration.timeWindow
        let entityShare = Float(configuration.entityShare)
        let differentSubjects = Float(configuration.differentSubjectsFactor)
        let differentActors = Float(configuration.differentActorsFactor)
        var candidates: [Candidate] = []
        for (serial, _) in indexScores.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            guard candidates.count < configuration.candidateLimit else { break }
            let story = stories[serial]!
            guard story.isLive(around: date, window: window) else { continue }
            let similarity = story.similarity(to: vector, vocabulary: vocabulary, entityShare: entityShare,
                                              differentSubjectsFactor: differentSubjects, differentActorsFactor: differentActors)
                * story.quietnessFactor(at: date, grace: configuration.quietGrace, halfLife: configuration.quietHalfLife)
            candidates.append(Candidate(serial: serial, similarity: similarity))
        }
        return candidates.sorted { $0.similarity > $1.similarity || ($0.similarity == $1.similarity && $0.serial < $1.serial) }
    }

    private func createStory(id: String, publishedAt: Date) -> Int {
        let serial = nextSerial
        nextSerial += 1
        stories[serial] = StoryCentroid(id: id, publishedAt: publishedAt)
        serialsByID[id] = serial
        return serial
    }

    private func add(_ vector: ArticleVector, at date: Date, toStory serial: Int) {
        let change = stories[serial]!.add(vector, at: date, vocabulary: vocabulary, termLimit: configuration.centroidTermLimit)
        postings.insert(story: serial, terms: change.gained)
        postings.remove(story: serial, terms: change.lost)
    }

    private func merge(_ absorbed: Int, into survivor: Int) {
        let other = stories[absorbed]!
        remove(absorbed, other)
        let change = stories[survivor]!.absorb(other, vocabulary: vocabulary, termLimit: configuration.centroidTermLimit)
        postings.insert(story: survivor, terms: change.gained)
        postings.remove(story: survivor, terms: change.lost)
    }

    private func remove(_ serial: Int, _ story: StoryCentroid) {
        postings.remove(story: serial, terms: story.mass.keys)
        stories[serial] = nil
        serialsByID[story.id] = nil
    }
}
