import Foundation
import StoryComposition

/// What the engine keeps of one live story to recompose it: bounded whatever the story's size.
/// It keeps the first article of each outlet (up to `articleLimit`; the earliest reports carry
/// the facts and the distinct voices), plus when each outlet joined and the latest time seen.
struct StoryMaterial {
    private(set) var articles: [StoryArticle] = []
    /// When each outlet first reported the story: source count and "gaining sources fast".
    private(set) var firstReportBySource: [String: Date] = [:]
    private(set) var latestArticleAt = Date.distantPast

    /// Adds `article`; true when the sample the story is composed from changed (a new outlet,
    /// or an earlier report of a known one), false when only the times moved.
    @discardableResult
    mutating func add(_ article: StoryArticle, articleLimit: Int) -> Bool {
        latestArticleAt = max(latestArticleAt, article.publishedAt)
        let key = article.sourceKey.isEmpty ? article.sourceName : article.sourceKey
        if let first = firstReportBySource[key], first <= article.publishedAt {
            return false  // this outlet is already represented by an earlier report
        }
        firstReportBySource[key] = article.publishedAt
        let before = articles.map(\.id)
        articles.removeAll { ($0.sourceKey.isEmpty ? $0.sourceName : $0.sourceKey) == key }
        articles.append(article)
        articles.sort { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
        if articles.count > articleLimit { articles.removeLast(articles.count - articleLimit) }
        return articles.map(\.id) != before
    }

    mutating func absorb(_ other: StoryMaterial, articleLimit: Int) {
        for article in other.articles { add(article, articleLimit: articleLimit) }
        for (key, date) in other.firstReportBySource where firstReportBySource[key].map({ date < $0 }) ?? true {
            firstReportBySource[key] = date
        }
        latestArticleAt = max(latestArticleAt, other.latestArticleAt)
    }

    var sourceCount: Int { firstReportBySource.count }
}
