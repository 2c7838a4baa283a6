import EvalData
import Foundation
import StoryComposition

/// AllSides stories as the story engine would see them, with their reference summaries.
struct SummaryCase {
    let storyID: Int
    let articles: [StoryArticle]
    /// `roundup[0]`: the AllSides editors' neutral cross-source summary.
    let reference: String
}

enum SummaryCorpus {
    static func cases(_ stories: [AllSidesStory], split: EvalSplit) -> [SummaryCase] {
        stories.filter { EvalSplit.part(ofStoryID: $0.id) == split }.compactMap { story in
            guard let reference = story.roundup.first, !reference.isEmpty else { return nil }
            let articles = story.articles.enumerated().map { index, article in
                StoryArticle(id: "\(story.id)-\(index)", sourceName: article.source,
                             sourceKey: URL(string: article.url)?.host ?? article.source, headline: article.title,
                             body: article.body, publishedAt: story.date, url: article.url)
            }
            return SummaryCase(storyID: story.id, articles: articles, reference: reference)
        }
    }
}
