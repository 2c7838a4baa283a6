import Foundation
import StoryClustering
import StoryEngine

/// What every benchmark article goes through: the whole story engine, as the Jarvis story
/// worker drives it — cluster, classify, compose and score per article; once per simulated hour,
/// re-score freshness and forget stories that left the clustering window.
final class BenchPipeline {
    private let engine: StoryEngine
    private var nextSweep = Date.distantPast
    /// Story ids merged away, and where to; so quality figures follow merges.
    private(set) var absorbedInto: [String: String] = [:]

    init() {
        do {
            engine = try StoryEngine()
        } catch {
            fatalError("the story engine cannot load its shipped models: \(error)")
        }
    }

    /// Processes one incoming article and returns the story it was put in.
    func process(_ article: ClusterArticle) -> String {
        sweepIfDue(now: article.publishedAt)
        let update = engine.ingest(EngineArticle(id: article.id, sourceName: article.sourceKey, sourceKey: article.sourceKey,
                                                 headline: article.headline, body: article.body,
                                                 publishedAt: article.publishedAt, url: "https://\(article.sourceKey)/\(article.id)"),
                                   now: article.publishedAt)
        for merged in update.absorbedStoryIDs { absorbedInto[merged] = update.story.id }
        return update.story.id
    }

    var liveStories: Int { engine.storyCount }

    private func sweepIfDue(now: Date) {
        guard now >= nextSweep else { return }
        _ = engine.rescore(now: now)
        engine.evict(before: now.addingTimeInterval(-engine.configuration.clustering.timeWindow))
        nextSweep = now.addingTimeInterval(3600)
    }
}
