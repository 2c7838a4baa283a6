import ArticleAnnotations
import Foundation
import NewsText
import StoryClustering
import StoryComposition
import TopicClassification

/// The story step for each incoming article, in memory: cluster it into a story (or start
/// one), then recompose that story — canonical headline, summary, consensus and conflict,
/// topic, score and breaking flags — from a bounded sample of its articles, so the cost per
/// article stays flat however large stories and the archive grow.
///
/// Not thread-safe: one owner (the Jarvis story worker) drives it. It holds only the stories
/// of the clustering time window; `restore` rebuilds that after a restart or a takeover.
public final class StoryEngine {
    public struct Configuration: Sendable {
        public var clustering = ClusteringConfiguration()
        /// Outlets a story is composed from (each by its first and newest report), the first to report.
        public var composedArticleLimit = 20
        /// Threads a round's texts are encoded on and its stories composed on (the caller's among them);
        /// 1 does everything on the caller's thread. The stories are the same for any number.
        public var threads = ParallelMap.defaultThreads
        public init() {}
    }

    public let configuration: Configuration
    /// How long after its latest article a story keeps its articles' annotations
    /// (`StoryArticle.releaseAnnotation`); a later report reads them again. Most of a story's reports
    /// arrive within hours and follow-ups within two days, while a story stays joinable for the
    /// clustering window (three days): keeping every annotation that long doubles the engine's memory.
    public static let annotationLifetime: TimeInterval = 12 * 3600
    private let clusterer: StoryClusterer
    private let recomposer: StoryRecomposer
    private var materials: [String: StoryMaterial] = [:]
    /// The last snapshot of each story, so a re-score reports only stories whose score moved.
    private var snapshots: [String: StorySnapshot] = [:]
    /// Stories out of the feed for going quiet: not re-scored, but still joinable within the
    /// window — a new article brings such a story back (`EngineUpdate.revived`).
    private var quiet: Set<String> = []

    /// `authorityFile` replaces the bundled outlet authority table (`JARVIS_SOURCE_AUTHORITY_FILE`).
    public init(configuration: Configuration = Configuration(), authorityFile: URL? = nil) throws {
        self.configuration = configuration
        // Seeded word statistics: a new server clusters its first articles as well as later ones.
        clusterer = StoryClusterer(configuration: configuration.clustering, background: .bundled)
        recomposer = StoryRecomposer(
            composer: StoryComposer(authority: try authorityFile.map(SourceAuthority.load(contentsOf:)) ?? SourceAuthority.bundled),
            classifier: try TopicClassifier.bundled())
    }

    public var storyCount: Int { materials.count }

    /// Clusters `article` and returns its story, recomposed.
    public func ingest(_ article: EngineArticle, now: Date) -> EngineUpdate {
        let round = ingest([article], now: now)
        let placement = round.placements[0]
        return EngineUpdate(story: round.stories[placement.storyID]!, isNewStory: placement.isNewStory, revived: placement.revived,
                            wasListed: placement.wasListed, absorbedStoryIDs: placement.absorbedStoryIDs)
    }

    /// Clusters `articles` in order, then recomposes each story they touched once, as of `now`.
    ///
    /// Placing an article reads only the clusterer, never a composed story, so placing all first and
    /// composing after gives the stories that composing after every article would give at the end of the
    /// round, without the intermediate compositions (a story that gains five reports in a round is composed
    /// once, not five times). The articles its stories are composed from are classified together first
    /// (`TopicClassifier.prepare`: the sentence encoder reads them several at a time), then the stories are
    /// composed on `Configuration.threads` threads: each story's composition reads only its own articles
    /// (`StoryRecomposer`), and the snapshots are taken in the order of the stories, so they are the same
    /// on any number of threads.
    public func ingest(_ articles: [EngineArticle], now: Date) -> RoundUpdate {
        var placements: [RoundUpdate.Placement] = []
        var touched: [String] = []
        var sampleChanged: [String: Bool] = [:]
        for article in articles {
            let assignment = clusterer.assign(ClusterArticle(article), newStoryID: { UUID().uuidString.lowercased() })
            let id = assignment.storyID
            var material = materials.removeValue(forKey: id) ?? StoryMaterial()
            for absorbed in assignment.mergedStoryIDs {
                if let other = materials.removeValue(forKey: absorbed) { material.absorb(other, articleLimit: configuration.composedArticleLimit) }
                snapshots.removeValue(forKey: absorbed)
                sampleChanged.removeValue(forKey: absorbed)
            }
            let changed = material.add(article, articleLimit: configuration.composedArticleLimit) || !assignment.mergedStoryIDs.isEmpty
            materials[id] = material
            if sampleChanged[id] == nil { touched.append(id) }
            sampleChanged[id] = changed || sampleChanged[id] == true
            let revived = quiet.remove(id) != nil
            quiet.subtract(assignment.mergedStoryIDs)
            placements.append(RoundUpdate.Placement(articleID: article.id, storyID: id, isNewStory: assignment.isNewStory,
                                                    revived: revived, wasListed: snapshots[id]?.isListed,
                                                    absorbedStoryIDs: assignment.mergedStoryIDs))
        }
        var stories: [String: StorySnapshot] = [:]
        for group in Self.groups(touched.filter { sampleChanged[$0] != nil }, texts: { self.materials[$0]?.articles.count ?? 0 }) {
            // Stories that keep their last snapshot are not classified again.
            recomposer.classifier.prepare(group.filter { sampleChanged[$0] == true || snapshots[$0] == nil }.flatMap { id in
                materials[id]!.articles.prefix(TopicClassifier.maxArticlesPerStory).map { (headline: $0.headline, body: $0.body) }
            }, threads: configuration.threads)
            let jobs = group.map { id in
                StoryRecomposer.Job(id: id, material: materials[id]!, last: snapshots[id], sampleChanged: sampleChanged[id]!)
            }
            for snapshot in jobs.parallelMap(threads: configuration.threads, { [recomposer] in recomposer.snapshot($0, now: now) }) {
                snapshots[snapshot.id] = snapshot
                stories[snapshot.id] = snapshot
            }
        }
        return RoundUpdate(placements: placements, stories: stories)
    }

    /// `ids` in order, cut into groups of at most about `preparedArticles` articles to classify: each group's
    /// articles are read together, then its stories composed while the classifier still remembers them.
    private static let preparedArticles = 256

    private static func groups(_ ids: [String], texts: (String) -> Int) -> [[String]] {
        var groups: [[String]] = [[]]
        var count = 0
        for id in ids {
            let size = min(texts(id), TopicClassifier.maxArticlesPerStory)
            if count + size > preparedArticles, !groups[groups.count - 1].isEmpty {
                groups.append([])
                count = 0
            }
            groups[groups.count - 1].append(id)
            count += size
        }
        return groups
    }

    /// Recomposes `storyID` with `article` as its outlet revised it in place (it stays in its story);
    /// nil when the story is not in memory or out of the feed, or the report is not one it is composed
    /// from. `wasListed`: the story was in the feed before.
    public func revise(_ article: EngineArticle, storyID: String, now: Date) -> (story: StorySnapshot, wasListed: Bool)? {
        guard !quiet.contains(storyID), var material = materials[storyID], material.revise(article) else { return nil }
        materials[storyID] = material
        let wasListed = snapshots[storyID]?.isListed ?? false
        let snapshot = recomposer.snapshot(.init(id: storyID, material: material, last: snapshots[storyID], sampleChanged: true), now: now)
        snapshots[storyID] = snapshot
        return (snapshot, wasListed)
    }

    /// Puts back an article already assigned to `storyID` (no decision, no composition).
    public func restore(_ article: EngineArticle, storyID: String) {
        clusterer.restore(ClusterArticle(article), storyID: storyID)
        materials[storyID, default: StoryMaterial()].add(article, articleLimit: configuration.composedArticleLimit)
    }

    /// Stories whose score changed since last reported (freshness decays with time). Stories whose
    /// latest article is older than `annotationLifetime` free their annotations.
    public func rescore(now: Date) -> [StorySnapshot] {
        var changed: [StorySnapshot] = []
        let annotationsKeptSince = now.addingTimeInterval(-Self.annotationLifetime)
        // In the order of the ids, so the changed stories come in the same order in every process.
        for (id, material) in materials.sorted(by: { $0.key < $1.key }) {
            if !quiet.contains(id) {
                let snapshot = recomposer.snapshot(.init(id: id, material: material, last: snapshots[id], sampleChanged: false), now: now)
                if snapshots[id]?.breakdown != snapshot.breakdown || snapshots[id]?.breakingArticleIDs != snapshot.breakingArticleIDs {
                    changed.append(snapshot)
                }
                snapshots[id] = snapshot
            }
            if material.latestArticleAt < annotationsKeptSince { material.releaseAnnotations() }
        }
        return changed
    }

    /// Stories that left the feed for going quiet: no longer re-scored until a new article revives them,
    /// and their annotations freed meanwhile.
    public func markQuiet(_ storyIDs: some Sequence<String>) {
        for id in storyIDs { materials[id]?.releaseAnnotations() }
        quiet.formUnion(storyIDs)
    }

    /// Forgets stories whose latest article is older than `date`: keeps memory bounded.
    public func evict(before date: Date) {
        clusterer.evict(before: date)
        for (id, material) in materials where material.latestArticleAt < date {
            materials.removeValue(forKey: id)
            snapshots.removeValue(forKey: id)
            quiet.remove(id)
        }
    }
}

extension ClusterArticle {
    init(_ article: StoryArticle) {
        self.init(id: article.id, sourceKey: article.sourceKey, headline: article.headline, body: article.body,
                  publishedAt: article.publishedAt)
    }
}
