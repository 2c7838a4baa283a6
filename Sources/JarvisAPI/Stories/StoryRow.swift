import Foundation
import NewsText
import Storage

/// A `stories` row, shaped into the app's objects by `summary(sources:)` and `detail(timeline:)`.
struct StoryRow {
    static let columns = """
        id, seq, headline, summary, topic, source_authority, freshness, local_relevance, cross_source_confirmation,
        topic_importance, signal_score, source_count, consensus, conflict, merged_into, created_at, updated_at
        """

    let id: String
    let seq: Int
    let headline: String
    let summary: String
    let topic: Topic
    let breakdown: ScoreBreakdown
    let signalScore: Int
    let sourceCount: Int
    let consensus: String?
    let conflict: String?
    let mergedInto: String?
    let createdAt: Date
    let updatedAt: Date

    init(_ row: Row) throws {
        id = try row.decode("id")
        seq = try row.decode("seq")
        headline = try row.decode("headline")
        summary = try row.decode("summary")
        let topicSlug: String = try row.decode("topic")
        guard let known = Topic(rawValue: topicSlug) else { throw DatabaseError(.typeMismatch, "stories.topic holds \(topicSlug)") }
        topic = known
        breakdown = ScoreBreakdown(sourceAuthority: try row.decode("source_authority"), freshness: try row.decode("freshness"),
                                   localRelevance: try row.decode("local_relevance"),
                                   crossSourceConfirmation: try row.decode("cross_source_confirmation"),
                                   topicImportance: try row.decode("topic_importance"))
        signalScore = try row.decode("signal_score")
        sourceCount = try row.decode("source_count")
        consensus = try row.decode(String?.self, "consensus")
        conflict = try row.decode(String?.self, "conflict")
        mergedInto = try row.decode(String?.self, "merged_into")
        createdAt = try row.decode("created_at")
        updatedAt = try row.decode("updated_at")
    }

    func summary(sources: [StorySource]) -> StorySummary {
        StorySummary(id: id, headline: headline, summary: summary, topic: topic, signalScore: signalScore,
                     scoreBreakdown: breakdown, sourceCount: sourceCount, sources: sources, consensus: consensus,
                     conflict: conflict, updatedAt: updatedAt, createdAt: createdAt)
    }

    func detail(timeline: [TimelineEntry]) -> StoryDetail {
        StoryDetail(id: id, headline: headline, summary: summary, topic: topic, signalScore: signalScore,
                    scoreBreakdown: breakdown, sourceCount: sourceCount, consensus: consensus, conflict: conflict,
                    updatedAt: updatedAt, createdAt: createdAt, timeline: timeline)
    }
}
