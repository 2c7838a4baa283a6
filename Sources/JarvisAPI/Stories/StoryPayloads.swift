import Foundation
import NewsText

// The story-level objects exactly as the iOS app decodes them (contract: GET /stories,
// GET /stories/{id}, GET /articles/{id}). Optionals are encoded as `null`, never omitted;
// every date is whole-second UTC `…Z` (APIEncoder).

struct ScoreBreakdown: Codable, Sendable, Equatable {
    let sourceAuthority: Int
    let freshness: Int
    let localRelevance: Int
    let crossSourceConfirmation: Int
    let topicImportance: Int

    /// `signalScore` is this sum, always: the app shows both.
    var total: Int { sourceAuthority + freshness + localRelevance + crossSourceConfirmation + topicImportance }
}

/// One outlet reporting the story, with its earliest article (list items only).
struct StorySource: Encodable, Sendable, Equatable {
    let id: String
    let name: String
    let url: String
    let publishedAt: Date
    let isBreaking: Bool
}

struct StorySummary: Encodable, Sendable, Equatable {
    let id: String
    let headline: String
    let summary: String
    let topic: Topic
    let signalScore: Int
    let scoreBreakdown: ScoreBreakdown
    let sourceCount: Int
    /// Required on list items even when empty: without it the app's whole home feed fails.
    let sources: [StorySource]
    let consensus: String?
    let conflict: String?
    let updatedAt: Date
    let createdAt: Date
}

/// One article in a story's timeline, earliest first.
struct TimelineEntry: Encodable, Sendable, Equatable {
    let articleId: String
    let source: String
    let headline: String
    let publishedAt: Date
    let isBreaking: Bool
}

/// `GET /stories/{id}`: the summary's fields without `sources`, plus `timeline`.
struct StoryDetail: Encodable, Sendable, Equatable {
    let id: String
    let headline: String
    let summary: String
    let topic: Topic
    let signalScore: Int
    let scoreBreakdown: ScoreBreakdown
    let sourceCount: Int
    let consensus: String?
    let conflict: String?
    let updatedAt: Date
    let createdAt: Date
    let timeline: [TimelineEntry]
}

struct PaginatedStories: Encodable, Sendable {
    let data: [StorySummary]
    /// Passed back verbatim as `after`; null on the last page.
    let nextCursor: String?
    let hasMore: Bool
    /// Stories the filter matches, across all pages.
    let total: Int
}

/// `GET /articles/{id}`: the richest plain text the feed gave.
struct ArticlePayload: Encodable, Sendable, Equatable {
    let id: String
    let storyId: String
    let source: String
    let sourceUrl: String
    let headline: String
    let body: String
    let publishedAt: Date
    let imageUrl: String?
    let author: String?
}
