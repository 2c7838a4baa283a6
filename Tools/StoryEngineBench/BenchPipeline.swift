import Foundation
import StoryClustering
import StoryEngine

/// What every benchmark article goes through: the whole story engine, as the Jarvis story
/// worker drives it — a round of articles clustered, then each story it touched classified,
/// composed and scored once (`StoryEngine.ingest(_: [EngineArticle], now:)`); once per simulated
/// hour, re-score freshness and forget stories that left the clustering window.
final class BenchPipeline {
    private let engine: StoryEngine
    private var nextSweep = Date.distantPast
    /// Story ids merged away, and where to; so quality figures follow merges.
    private(set) var absorbedInto: [String: String] = [:]

    init(threads: Int) {
        var configuration = StoryEngine.Configuration()
        configuration.threads = threads
        do {
            engine = try StoryEngine(configuration: configuration)
        } catch {
            fatalError("the story engine cannot load its shipped models: \(error)")
        }
    }

    /// Processes one round of incoming articles, as of the newest one's time, and returns the story
    /// each was put in.
    func process(_ articles: [ClusterArticle]) -> [String] {
        guard let now = articles.map(\.publishedAt).max() else { return [] }
        sweepIfDue(now: now)
        let round = engine.ingest(articles.map { article in
            EngineArticle(id: article.id, sourceName: article.sourceKey, sourceKey: article.sourceKey,
                          headline: article.headline, body: article.body,
                          publishedAt: article.publishedAt, url: "https://\(article.sourceKey)/\(article.id)")
        }, now: now)
        for placement in round.placements {
            for merged in placement.absorbedStoryIDs { absorbedInto[merged] = placement.storyID }
        }
        return round.placements.map(\.storyID)
    }

    var liveStories: Int { engine.storyCount }

    private func sweepIfDue(now: Date) {
        guard now >= nextSweep else { return }
        _ = engine.rescore(now: now)
        engine.evict(before: now.addingTimeInterval(-engine.configuration.clustering.timeWindow))
        nextSweep = now.addingTimeInterval(3600)
    }
}
