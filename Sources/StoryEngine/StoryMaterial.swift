import Foundation
import StoryComposition

/// What the engine keeps of one live story to recompose it: bounded whatever the story's size.
/// For each outlet (up to `articleLimit` of them, the first to report) it keeps the outlet's
/// first report and its newest one: the first carries the facts as they broke and tells who broke
/// the story; the newest carries what changed since (a rising death toll, a claim of
/// responsibility), and outlets' newest reports are what conflict compares. Plus when each outlet
/// joined and the latest time seen.
struct StoryMaterial {
    /// Each sampled outlet's first report, earliest first.
    private(set) var firstReports: [StoryArticle] = []
    /// Each sampled outlet's newest report, when it is not its first.
    private var newerReports: [String: StoryArticle] = [:]
    /// When each outlet first reported the story: source count and "gaining sources fast".
    private(set) var firstReportBySource: [String: Date] = [:]
    private(set) var latestArticleAt = Date.distantPast
    /// The latest time of an article whose age is known (`StoryArticle.ageUnknown`): freshness
    /// follows it, so an undated backlog entry stamped at its fetch does not make a story new.
    private(set) var latestKnownArticleAt: Date?

    /// What the story is composed from: each sampled outlet's newest report (in the order the
    /// outlets joined), then the first reports those replaced. `StoryComposer` reads each
    /// outlet's first-listed article before any second, so the newest reports come first.
    var articles: [StoryArticle] {
        let newest = firstReports.map { newerReports[Self.outlet(of: $0)] ?? $0 }
        return newest + firstReports.filter { newerReports[Self.outlet(of: $0)] != nil }
    }

    private mutating func noteTime(of article: StoryArticle) {
        latestArticleAt = max(latestArticleAt, article.publishedAt)
        if !article.ageUnknown { latestKnownArticleAt = max(latestKnownArticleAt ?? .distantPast, article.publishedAt) }
    }

    /// Puts an outlet's revised text (same article, new headline or body) in place of the report it
    /// revises; true when that report is one the story is composed from.
    mutating func revise(_ article: StoryArticle) -> Bool {
        noteTime(of: article)
        if let index = firstReports.firstIndex(where: { $0.id == article.id }) {
            firstReports[index] = article
            firstReports.sort { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
            return true
        }
        let outlet = Self.outlet(of: article)
        guard newerReports[outlet]?.id == article.id else { return false }
        newerReports[outlet] = article
        return true
    }

    /// Adds `article`; true when the articles the story is composed from changed (a new outlet,
    /// an earlier first report or a newer report of a sampled outlet), false when only the
    /// times moved.
    @discardableResult
    mutating func add(_ article: StoryArticle, articleLimit: Int) -> Bool {
        noteTime(of: article)
        let outlet = Self.outlet(of: article)
        let before = articles.map(\.id)
        if let first = firstReportBySource[outlet], first <= article.publishedAt {
            keepIfNewest(article, outlet: outlet)
        } else {
            firstReportBySource[outlet] = article.publishedAt
            let replaced = firstReports.first { Self.outlet(of: $0) == outlet }
            firstReports.removeAll { Self.outlet(of: $0) == outlet }
            firstReports.append(article)
            firstReports.sort { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
            if firstReports.count > articleLimit {
                for dropped in firstReports[articleLimit...] { newerReports[Self.outlet(of: dropped)] = nil }
                firstReports.removeLast(firstReports.count - articleLimit)
            }
            // The report that was first until now is a later one of the outlet (arrived out of order).
            if let replaced { keepIfNewest(replaced, outlet: outlet) }
        }
        return articles.map(\.id) != before
    }

    mutating func absorb(_ other: StoryMaterial, articleLimit: Int) {
        for article in other.firstReports + other.newerReports.values.sorted(by: { $0.id < $1.id }) {
            add(article, articleLimit: articleLimit)
        }
        for (outlet, date) in other.firstReportBySource where firstReportBySource[outlet].map({ date < $0 }) ?? true {
            firstReportBySource[outlet] = date
        }
        latestArticleAt = max(latestArticleAt, other.latestArticleAt)
        if let known = other.latestKnownArticleAt { latestKnownArticleAt = max(latestKnownArticleAt ?? known, known) }
    }

    var sourceCount: Int { firstReportBySource.count }

    /// Frees the annotations of the articles it keeps (`StoryArticle.releaseAnnotation`).
    func releaseAnnotations() {
        for article in firstReports { article.releaseAnnotation() }
        for article in newerReports.values { article.releaseAnnotation() }
    }

    /// A later report of a sampled outlet becomes its newest, unless a newer one is already kept.
    private mutating func keepIfNewest(_ article: StoryArticle, outlet: String) {
        guard let first = firstReports.first(where: { Self.outlet(of: $0) == outlet }), first.id != article.id else { return }
        let current = newerReports[outlet] ?? first
        if (article.publishedAt, article.id) > (current.publishedAt, current.id) { newerReports[outlet] = article }
    }

    private static func outlet(of article: StoryArticle) -> String {
        article.sourceKey.isEmpty ? article.sourceName : article.sourceKey
    }
}
