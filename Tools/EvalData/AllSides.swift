// EvalData: loaders for the labelled sets under ../shared/data and the fixed dev/test split that every
// evaluation tool reports on. Public API (used by ClusteringEval and by the composition helper's SummaryEval):
//
//   let directory = try DataDirectory.resolve(arguments)   // a ToolArguments: --data DIR, else ../shared/data
//   let stories = try AllSides.loadStories(dataDirectory: directory)                // 505 stories with articles, date order
//   let heldOut = stories.filter { EvalSplit.part(ofStoryID: $0.id) == .test }     // report figures on these only
//
// AllSides (allsides-neus): one story = one AllSides headline roundup. `roundup[0]` is the neutral
// multi-source summary (the reference for summary ROUGE); later paragraphs usually compare how
// left/centre/right outlets framed it. Articles come from articles_flat.jsonl (bodies are ~90-word excerpts
// ending in "..."). There is no per-article time: only the story's date.
import Foundation

/// One article of an AllSides roundup, as published by one outlet.
public struct AllSidesArticle: Sendable, Equatable {
    /// `sha1(url)[:16]`. Not unique across the set: two URLs appear in two stories each, so key
    /// per-story work on (story id, index) rather than on this alone.
    public let id: String
    /// `left`, `center` or `right`: the AllSides rating of the outlet.
    public let side: String
    /// Outlet display name, e.g. "CNN (Online News)".
    public let source: String
    public let title: String
    public let body: String
    public let url: String
}

/// One AllSides headline roundup: the gold cluster for story clustering and the reference summary.
public struct AllSidesStory: Sendable, Equatable {
    public let id: Int
    /// The headline AllSides wrote for the story.
    public let headline: String
    /// AllSides topic tag, e.g. "Coronavirus", "Economy and Jobs".
    public let topic: String
    public let date: Date
    /// Paragraphs written by AllSides editors; `roundup.first` is the neutral cross-source summary.
    public let roundup: [String]
    /// In file order; 2 or 3 per story.
    public let articles: [AllSidesArticle]
}

public enum AllSides {
    public static let folderName = "allsides-neus"
    public static let storiesFileName = "headline_11_2021-10-19_crawled_all.jsonl"
    public static let articlesFileName = "articles_flat.jsonl"

    /// All stories that have at least one article, oldest first (ties by id), so callers can feed
    /// them in time order.
    public static func loadStories(dataDirectory: URL) throws -> [AllSidesStory] {
        let folder = dataDirectory.appendingPathComponent(folderName)
        let rawStories = try JSONLines.decode(RawStory.self, from: folder.appendingPathComponent(storiesFileName))
        let rawArticles = try JSONLines.decode(RawArticle.self, from: folder.appendingPathComponent(articlesFileName))
        var articlesByStory: [Int: [AllSidesArticle]] = [:]
        for raw in rawArticles {
            articlesByStory[raw.story_id, default: []].append(
                AllSidesArticle(id: raw.article_id, side: raw.side, source: raw.source, title: raw.title, body: raw.body, url: raw.url))
        }
        let stories = try rawStories.compactMap { raw -> AllSidesStory? in
            guard let articles = articlesByStory[raw.id], !articles.isEmpty else { return nil }
            guard let date = parseDate(raw.date) else {
                throw EvalDataError.malformed(file: storiesFileName, detail: "story \(raw.id) has date \(raw.date)")
            }
            return AllSidesStory(id: raw.id, headline: raw.issue, topic: raw.topic, date: date, roundup: raw.roundup, articles: articles)
        }
        return stories.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    }

    /// Dates look like `2021-10-18T16:15:00-07:00`.
    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// The fields of a story line that the loader keeps (the file's field names).
    private struct RawStory: Decodable {
        let id: Int
        let issue: String
        let topic: String
        let date: String
        let roundup: [String]
    }

    /// One line of articles_flat.jsonl.
    private struct RawArticle: Decodable {
        let article_id: String
        let story_id: Int
        let side: String
        let source: String
        let title: String
        let url: String
        let body: String
    }
}
