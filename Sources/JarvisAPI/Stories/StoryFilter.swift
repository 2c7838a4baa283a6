import APIToolkit
import Foundation
import HTTPServer
import NewsText

/// The query of `GET /stories`: `limit` (1…100, default 20), `after` (cursor), `topic` (one of
/// the four slugs), `min_signal` (0…100; the literal snake_case name the app sends).
struct StoryFilter: Equatable {
    /// The four desks' slugs, in the contract's order.
    static let topicSlugs = Topic.allCases.map(\.rawValue)
    static let defaultLimit = 20
    static let maximumLimit = 100
    static let maximumSignal = 100

    var limit = defaultLimit
    var after: StoryCursor?
    var topic: Topic?
    var minSignal = 0

    /// What the document publishes for the query this reads, from the constants `init` checks
    /// (its refusals are 400s with codes of their own).
    static let parameters: [OpenAPIParameter] = [
        .query("limit", .integer(min: 1, max: Int64(maximumLimit)), description: "page size, default \(defaultLimit)"),
        .query("after", StoryCursor.schema,
               description: "nextCursor of the previous page, verbatim (empty: the first page); the listing keeps its topic and "
                   + "min_signal. A cursor this server did not issue, or whose listing expired, is a 400"),
        .query("topic", .string(oneOf: topicSlugs)),
        .query("min_signal", .integer(min: 0, max: Int64(maximumSignal)), description: "the lowest signalScore listed"),
    ]

    /// The 400s `init` and the cursor answer, for the document.
    static let refusals = "stories.invalid_limit, stories.invalid_topic, stories.invalid_min_signal: a parameter out of range; "
        + "stories.invalid_cursor: after is not a cursor of this server; stories.cursor_mismatch: after belongs to another "
        + "topic or min_signal; stories.cursor_expired: the listing has expired, start again without after"

    init(query: QueryParameters) throws {
        if let text = query["limit"] {
            guard let value = Int(text), (1...Self.maximumLimit).contains(value) else {
                throw APIError.badRequest("limit must be an integer from 1 to \(Self.maximumLimit)", code: "stories.invalid_limit")
            }
            limit = value
        }
        if let text = query["topic"] {
            guard let known = Topic(rawValue: text) else {
                throw APIError.badRequest("topic must be one of \(Self.topicSlugs.joined(separator: ", "))", code: "stories.invalid_topic")
            }
            topic = known
        }
        if let text = query["min_signal"] {
            guard let value = Int(text), (0...Self.maximumSignal).contains(value) else {
                throw APIError.badRequest("min_signal must be an integer from 0 to \(Self.maximumSignal)",
                                          code: "stories.invalid_min_signal")
            }
            minSignal = value
        }
        if let text = query["after"], !text.isEmpty {
            let cursor = try StoryCursor(decoding: text)
            // The cursor carries its listing's filter, so a next-page request may leave `topic`
            // and `min_signal` out; one that names a different value would otherwise quietly
            // page through a listing it did not ask for.
            let topicConflicts = topic != nil && topic != cursor.ranking.topic
            let minimumConflicts = query["min_signal"] != nil && minSignal != cursor.ranking.minSignal
            guard !topicConflicts, !minimumConflicts else {
                throw APIError.badRequest("This after cursor belongs to another topic or min_signal; start again without it",
                                          code: "stories.cursor_mismatch")
            }
            (topic, minSignal, after) = (cursor.ranking.topic, cursor.ranking.minSignal, cursor)
        }
    }
}
