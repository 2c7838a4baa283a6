import APIToolkit

// The response objects of the iOS contract as the document publishes them, in the order the
// encoder writes their keys. Every key is required; the contract's nullable fields are
// `.orNull`; every date is `YYYY-MM-DDTHH:MM:SSZ`.

extension Feed {
    static let schema: Schema = .object("Feed") {
        Property("id", .string())
        Property("name", .string())
        Property("url", .string())
        Property("health", .string(oneOf: Health.allCases.map(\.rawValue)))
        Property("pollIntervalSeconds", .integer(min: Int64(NewFeedRequest.minimumInterval), max: Int64(NewFeedRequest.maximumInterval)))
        Property("failureCount", .integer(min: 0))
        Property("lastFetchedAt", Schema.dateTimeUTC.orNull)
        Property("articleCountToday", .integer(min: 0))
    }
}

extension FeedList {
    static let schema: Schema = .object("FeedList") { Property("data", .array(of: Feed.schema)) }
}

extension ScoreBreakdown {
    /// Five components of 0–20 whose sum is `signalScore` (docs/jarvis/scoring.md).
    static let schema: Schema = .object("ScoreBreakdown") {
        for name in ["sourceAuthority", "freshness", "localRelevance", "crossSourceConfirmation", "topicImportance"] {
            Property(name, .integer(min: 0, max: 20))
        }
    }
}

/// The story fields both the list item and the detail carry, in their order up to `sourceCount`.
private let storyHead: [Property] = [
    Property("id", .string()),
    Property("headline", .string()),
    Property("summary", .string()),
    Property("topic", .string(oneOf: StoryFilter.topicSlugs)),
    Property("signalScore", .integer(min: 0, max: 100), description: "the sum of scoreBreakdown"),
    Property("scoreBreakdown", ScoreBreakdown.schema),
    Property("sourceCount", .integer(min: 0)),
]

/// The nullable texts and the dates, after `sources` on the list item and before `timeline` on the detail.
private let storyTail: [Property] = [
    Property("consensus", Schema.string().orNull),
    Property("conflict", Schema.string().orNull),
    Property("updatedAt", .dateTimeUTC),
    Property("createdAt", .dateTimeUTC),
]

extension StorySource {
    static let schema: Schema = .object("StorySource") {
        Property("id", .string())
        Property("name", .string())
        Property("url", .string())
        Property("publishedAt", .dateTimeUTC)
        Property("isBreaking", .boolean)
    }
}

extension StorySummary {
    static let schema: Schema = .object("StorySummary") {
        storyHead
        Property("sources", .array(of: StorySource.schema), description: "one per outlet; present even when empty")
        storyTail
    }
}

extension TimelineEntry {
    static let schema: Schema = .object("TimelineEntry") {
        Property("articleId", .string())
        Property("source", .string())
        Property("headline", .string())
        Property("publishedAt", .dateTimeUTC)
        Property("isBreaking", .boolean)
    }
}

extension StoryDetail {
    static let schema: Schema = .object("StoryDetail") {
        storyHead
        storyTail
        Property("timeline", .array(of: TimelineEntry.schema), description: "earliest first")
    }
}

extension PaginatedStories {
    static let schema: Schema = .object("PaginatedStories") {
        Property("data", .array(of: StorySummary.schema))
        Property("nextCursor", Schema.string().orNull, description: "pass back verbatim as after; null on the last page")
        Property("hasMore", .boolean)
        Property("total", .integer(min: 0), description: "stories the filter matches, across all pages")
    }
}

extension ArticlePayload {
    static let schema: Schema = .object("Article") {
        Property("id", .string())
        Property("storyId", .string())
        Property("source", .string())
        Property("sourceUrl", .string())
        Property("headline", .string())
        Property("body", .string(), description: "the richest plain text the feed gave")
        Property("publishedAt", .dateTimeUTC)
        Property("imageUrl", Schema.string().orNull)
        Property("author", Schema.string().orNull)
    }
}
