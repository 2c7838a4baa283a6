import ArticleAnnotations
import Foundation
import NewsText
import StoryComposition
import TopicClassification

/// Composes one story's snapshot from what the engine keeps of it. It reads only the story's own
/// articles (and their annotations, which each article reads once for every copy of it), its last
/// snapshot, and tables and models that never change while it runs; the classifier's memos give
/// every caller the same answer whoever asked first. So the stories of a round are composed on
/// several threads at once, and each comes out as it would alone.
struct StoryRecomposer: Sendable {
    let composer: StoryComposer
    let classifier: TopicClassifier

    /// One story to compose: its material, its last snapshot (nil for a new story) and whether the
    /// articles it is composed from changed since that snapshot.
    struct Job: Sendable {
        let id: String
        let material: StoryMaterial
        let last: StorySnapshot?
        let sampleChanged: Bool
    }

    /// The story's snapshot. Everything but freshness and breaking depends only on the sample of
    /// articles, so when the sample did not change the last snapshot is kept and only those two
    /// are recomputed: most articles of a big story, and every re-score, cost almost nothing.
    func snapshot(_ job: Job, now: Date) -> StorySnapshot {
        let material = job.material
        // Freshness follows the newest article of known age, follow-ups of a known outlet included.
        let freshness = composer.scorer.freshness(latest: material.latestKnownArticleAt, now: now)
        if !job.sampleChanged, let last = job.last {
            return StorySnapshot(
                id: job.id, headline: last.headline, summary: last.summary, topic: last.topic, isListed: last.isListed,
                breakdown: last.breakdown.with(freshness: freshness), sourceCount: material.sourceCount,
                consensus: last.consensus, conflict: last.conflict, latestArticleAt: material.latestArticleAt,
                breakingArticleIDs: composer.breaking.breakingArticleIDs(material.articles, now: now))
        }
        let (topic, isListed) = topic(of: material.articles)
        let composed = composer.compose(material.articles, topic: isListed ? topic : nil, now: now)
        return StorySnapshot(
            id: job.id, headline: composed.headline, summary: composed.summary, topic: topic, isListed: isListed,
            breakdown: composed.scoreBreakdown.with(freshness: freshness), sourceCount: material.sourceCount,
            consensus: composed.consensus, conflict: composed.conflict, latestArticleAt: material.latestArticleAt,
            breakingArticleIDs: composed.breakingArticleIDs)
    }

    /// The desk, or — for a story about none of the four — the most likely subject desk, so
    /// the story still has a valid topic when fetched by id.
    private func topic(of articles: [StoryArticle]) -> (Topic, listed: Bool) {
        let texts = articles.map { (headline: $0.headline, body: $0.body) }
        // The articles' places as the annotations composition reads them hold them: no article is read twice.
        if let topic = classifier.classify(texts, places: articles.map(\.annotation.places)) { return (topic, true) }
        let probabilities = classifier.subjectProbabilities(texts)
        let nearest = zip(classifier.model.classes, probabilities).filter { $0.0.topic != nil }.max { $0.1 < $1.1 }
        return (nearest?.0.topic ?? .politics, false)
    }
}

extension ScoreBreakdown {
    func with(freshness: Int) -> ScoreBreakdown {
        ScoreBreakdown(sourceAuthority: sourceAuthority, freshness: freshness, localRelevance: localRelevance,
                       crossSourceConfirmation: crossSourceConfirmation, topicImportance: topicImportance)
    }
}
