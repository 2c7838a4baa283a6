import EvalData
import Foundation
import StoryClustering

/// AG News (2004-2005 RSS titles and descriptions, labels unused) in three disjoint parts:
/// even rows prime the clusterer's word statistics; rows ≡ 1 (mod 4) are distractors while tuning
/// on dev, rows ≡ 3 (mod 4) distractors for the held-out report. None of it shares a story with
/// AllSides (2021), and none belongs to the AllSides split, so nothing leaks from the held-out half.
struct BackgroundNews {
    let primer: [ClusterArticle]
    private let items: [AGNewsItem]

    init(dataDirectory: URL) throws {
        items = try AGNews.load(dataDirectory: dataDirectory)
        primer = items.filter { $0.row % 2 == 0 }.map { Self.article($0, at: Date(timeIntervalSince1970: 1_100_000_000)) }
    }

    /// Up to `count` distractor items for `split`, unstamped (the caller gives them times).
    func distractors(for split: EvalSplit, count: Int) -> [AGNewsItem] {
        Array(items.filter { $0.row % 4 == (split == .dev ? 1 : 3) }.prefix(count))
    }

    static func article(_ item: AGNewsItem, at date: Date) -> ClusterArticle {
        ClusterArticle(id: "agnews-\(item.row)", sourceKey: "agnews", headline: item.title, body: item.description, publishedAt: date)
    }
}
