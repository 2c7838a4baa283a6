import ArticleAnnotations
import Foundation
import NewsText

/// Scores a story on the five components of `ScoreBreakdown`. Pure and cheap: the text-based
/// components read at most `StoryComposer.articleLimit` articles (every outlet first) and only
/// their headlines and lead sentences; freshness and confirmation read every article's date and
/// outlet.
public struct StoryScorer: Sendable {
    public let authority: SourceAuthority
    public let region: Region
    /// Freshness halves every `freshnessHalfLife` after the story's latest article.
    public let freshnessHalfLife: TimeInterval

    public init(authority: SourceAuthority, region: Region = .africa, freshnessHalfLife: TimeInterval = 6 * 3600) {
        self.authority = authority
        self.region = region
        self.freshnessHalfLife = freshnessHalfLife
    }

    public func score(_ articles: [StoryArticle], topic: Topic?, now: Date) -> ScoreBreakdown {
        score(articles, topic: topic, now: now, copying: SyndicatedCopies.copyingOutlets(articles))
    }

    /// `copying`: outlets that only republished another's report; they confirm nothing.
    func score(_ articles: [StoryArticle], topic: Topic?, now: Date, copying: Set<String>) -> ScoreBreakdown {
        let capped = StoryComposer.select(articles, limit: StoryComposer.articleLimit)
        let leads = capped.map { article in (headline: article.headline, lead: article.annotation.lead) }
        return ScoreBreakdown(
            sourceAuthority: sourceAuthority(capped),
            freshness: freshness(latest: Self.latestKnownTime(articles), now: now),
            localRelevance: max(localRelevance(leads), topic != nil && topic == region.desk ? Self.regionalDeskRelevance : 0),
            crossSourceConfirmation: Self.crossSourceConfirmation(
                distinctSources: Set(articles.map(\.sourceKey)).count - copying.count),
            topicImportance: TopicImportance.score(topic: topic, words: capped.flatMap(\.annotation.leadWords)))
    }

    /// The mean of the best outlet's score and the average over distinct outlets: one wire
    /// agency lifts a story, but a crowd of weak outlets does not look like one strong one.
    func sourceAuthority(_ articles: [StoryArticle]) -> Int {
        var scores: [String: Int] = [:]
        for article in articles where scores[article.sourceKey] == nil {
            scores[article.sourceKey] = authority.score(sourceKey: article.sourceKey, sourceName: article.sourceName)
        }
        guard let best = scores.values.max() else { return 0 }
        let mean = Double(scores.values.reduce(0, +)) / Double(scores.count)
        return ScoreBreakdown.clamp(Int(((Double(best) + mean) / 2).rounded()))
    }

    /// The latest publication time among articles whose age is known: a story told only by
    /// entries of unknown age (an undated feed's backlog) has none, so it earns no freshness
    /// rather than look as new as the fetch that found it.
    static func latestKnownTime(_ articles: [StoryArticle]) -> Date? {
        articles.lazy.filter { !$0.ageUnknown }.map(\.publishedAt).max()
    }

    /// 20 at the moment of the latest article, halving every half-life; a future timestamp
    /// (a feed's clock ahead of ours) counts as now; no known time, 0.
    public func freshness(latest: Date?, now: Date) -> Int {
        guard let latest else { return 0 }
        let age = max(0, now.timeIntervalSince(latest))
        let value = Double(ScoreBreakdown.componentMaximum) * pow(0.5, age / freshnessHalfLife)
        return ScoreBreakdown.clamp(Int(value.rounded()))
    }

    /// 12 × the share of articles whose headline names the region, plus 8 × the share whose
    /// lead sentences do: a story every outlet headlines as African scores 20, a passing mention
    /// in one body a point or two.
    func localRelevance(_ leads: [(headline: String, lead: String)]) -> Int {
        guard !leads.isEmpty else { return 0 }
        let count = Double(leads.count)
        let inHeadline = Double(leads.filter { region.isNamed(in: $0.headline) }.count) / count
        let inLead = Double(leads.filter { region.isNamed(in: $0.lead) }.count) / count
        return ScoreBreakdown.clamp(Int((12 * inHeadline + 8 * inLead).rounded()))
    }

    /// At least this much for a story the region's own desk files: it is about the region even when
    /// its reports name only towns the gazetteer lacks (floods that killed 27 in Benguela, told by
    /// four outlets, must not rank below a two-outlet outage in Luanda). What
    /// every headline naming the region gives.
    public static let regionalDeskRelevance = 12

    /// Independent outlets (distinct `sourceKey`s): one is no confirmation; each further outlet
    /// adds less than the previous one.
    public static func crossSourceConfirmation(distinctSources: Int) -> Int {
        let table = [0, 0, 8, 12, 15, 17, 18, 19]
        return distinctSources < table.count ? table[max(distinctSources, 0)] : ScoreBreakdown.componentMaximum
    }
}
