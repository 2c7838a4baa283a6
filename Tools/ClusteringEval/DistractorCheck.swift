import EvalData
import Foundation
import StoryClustering

/// The harder check: the AllSides stream with unrelated AG News items interleaved, each stamped
/// at the date of a hash-chosen AllSides story plus 0…179 minutes, so every real story competes
/// with a crowd of others in its time window. Each distractor is its own gold story. (AG News
/// holds a few near-duplicate items on one 2004 event; merging those is scored as an error, so
/// the precision here is a slight underestimate.)
enum DistractorCheck {
    static func stream(_ stories: [AllSidesStory], distractors: [AGNewsItem]) -> [LabelledArticle] {
        var stream = EvalStream.articles(of: stories)
        for item in distractors {
            let hash = EvalSplit.fnv1a64("distractor-\(item.row)")
            let anchor = stories[Int(hash % UInt64(stories.count))].date
            let date = anchor.addingTimeInterval(Double((hash >> 32) % 180) * 60)
            stream.append(LabelledArticle(article: BackgroundNews.article(item, at: date), goldStory: "agnews-\(item.row)"))
        }
        return stream.sorted { ($0.article.publishedAt, $0.article.id) < ($1.article.publishedAt, $1.article.id) }
    }

    /// B-cubed over every item, and over the AllSides items alone (did distractors pull real stories apart or together?).
    static func scores(predicted: [String], stream: [LabelledArticle]) -> (all: BCubed, allSidesOnly: BCubed) {
        let gold = stream.map(\.goldStory)
        let real = stream.indices.filter { !gold[$0].hasPrefix("agnews-") }
        return (BCubed(predicted: predicted, gold: gold), BCubed(predicted: real.map { predicted[$0] }, gold: real.map { gold[$0] }))
    }
}
