import ArticleAnnotations
import Foundation

/// Which articles carry the BREAKING badge: the first article of a story that is recent and
/// gathering outlets fast (a burst of independent reports), and any article its feed flags.
public struct BreakingDetector: Sendable {
    /// The story's first article must be at most this old.
    public let recentWindow: TimeInterval
    /// Outlets counted from the first article's time up to this much later.
    public let burstWindow: TimeInterval
    /// Distinct outlets needed within `burstWindow` (the first article's outlet included).
    public let burstSources: Int

    public init(recentWindow: TimeInterval = 2 * 3600, burstWindow: TimeInterval = 3600, burstSources: Int = 3) {
        self.recentWindow = recentWindow
        self.burstWindow = burstWindow
        self.burstSources = burstSources
    }

    /// Ids of the breaking articles among `articles` (all of a story's articles, not a sample:
    /// the earliest one must be present to be marked).
    public func breakingArticleIDs(_ articles: [StoryArticle], now: Date) -> Set<String> {
        breakingArticleIDs(articles, now: now, copying: nil)
    }

    /// `copying`: the outlets that only republished another's report, when the caller has them
    /// (`StoryComposer` reads them for the score too); else they are read here, only for a burst.
    func breakingArticleIDs(_ articles: [StoryArticle], now: Date, copying known: Set<String>?) -> Set<String> {
        var breaking = Set(articles.filter(\.feedMarkedBreaking).map(\.id))
        guard let first = articles.min(by: { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }) else {
            return breaking
        }
        // A first report of unknown age (an undated feed's backlog) is not known to be recent, and
        // backlog entries stamped at the fetch make no burst either.
        let age = now.timeIntervalSince(first.publishedAt)
        guard !first.ageUnknown, age <= recentWindow else { return breaking }
        let burstEnd = first.publishedAt.addingTimeInterval(burstWindow)
        let outlets = Set(articles.filter { !$0.ageUnknown && $0.publishedAt <= burstEnd }.map(\.sourceKey))
        guard outlets.count >= burstSources else { return breaking }
        // An outlet that only republished another's report is no independent report (a wire copy is
        // not a third outlet of a burst); the docs say so of confirmation too.
        let copying = known ?? SyndicatedCopies.copyingOutlets(articles)
        if outlets.subtracting(copying).count >= burstSources { breaking.insert(first.id) }
        return breaking
    }
}
