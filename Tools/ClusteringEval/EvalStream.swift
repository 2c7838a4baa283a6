import EvalData
import Foundation
import StoryClustering

/// One article to cluster and the story it truly belongs to.
struct LabelledArticle {
    let article: ClusterArticle
    let goldStory: String
}

/// Turns AllSides stories into the stream a server would see. AllSides has no per-article time,
/// only the story's date, so each article is stamped `story date + offset`, the offset a
/// deterministic 0…`spreadMinutes - 1` minutes from a hash of (story id, position in story);
/// articles are then fed in timestamp order, so stories published close together interleave.
/// The reported figure uses 180 minutes; a 720-minute spread is the harder check (outlets a
/// working day apart), used when tuning too.
enum EvalStream {
    static let standardSpreadMinutes: UInt64 = 180
    static let wideSpreadMinutes: UInt64 = 720

    static func articles(of stories: [AllSidesStory], spreadMinutes: UInt64 = standardSpreadMinutes) -> [LabelledArticle] {
        var stream: [LabelledArticle] = []
        for story in stories {
            for (position, article) in story.articles.enumerated() {
                let key = "\(story.id)/\(position)"
                let minutes = Double(EvalSplit.fnv1a64(key) % spreadMinutes)
                let cluster = ClusterArticle(id: key, sourceKey: host(of: article.url), headline: article.title,
                                             body: article.body, publishedAt: story.date.addingTimeInterval(minutes * 60))
                stream.append(LabelledArticle(article: cluster, goldStory: String(story.id)))
            }
        }
        return stream.sorted { ($0.article.publishedAt, $0.article.id) < ($1.article.publishedAt, $1.article.id) }
    }

    private static func host(of url: String) -> String {
        URL(string: url)?.host ?? url
    }
}
