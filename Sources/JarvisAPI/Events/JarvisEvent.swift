import Foundation

/// Live updates the app receives over the WebSocket. Each carries the fields the app requires
/// for it to take effect (contract: "WebSocket — minimum fields per event"). Codable both ways
/// because events cross processes as JSON (PostgreSQL NOTIFY) before reaching a socket.
enum JarvisEvent: Sendable, Equatable, Codable {
    /// A new story: the app refetches `GET /stories`.
    case storyCreated(storyId: String, signalScore: Int, sourceCount: Int)
    /// The app patches the row in place and re-sorts by score.
    case storyUpdated(storyId: String, signalScore: Int, sourceCount: Int, updatedAt: Date)
    /// The story left the feed (no new article for a while, or merged into another story).
    case storyStale(storyId: String)
    case feedHealth(feedId: String, health: Feed.Health, failureCount: Int)

    var type: String {
        switch self {
        case .storyCreated: "story.created"
        case .storyUpdated: "story.updated"
        case .storyStale: "story.stale"
        case .feedHealth: "feed.health"
        }
    }

    private enum Key: String, CodingKey {
        case type, storyId, signalScore, sourceCount, updatedAt, feedId, health, failureCount
    }

    /// `type` first, then only the fields of this event (no nulls for other events' fields).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .storyCreated(let storyId, let signalScore, let sourceCount):
            try container.encode(storyId, forKey: .storyId)
            try container.encode(signalScore, forKey: .signalScore)
            try container.encode(sourceCount, forKey: .sourceCount)
        case .storyUpdated(let storyId, let signalScore, let sourceCount, let updatedAt):
            try container.encode(storyId, forKey: .storyId)
            try container.encode(signalScore, forKey: .signalScore)
            try container.encode(sourceCount, forKey: .sourceCount)
            try container.encode(updatedAt, forKey: .updatedAt)
        case .storyStale(let storyId):
            try container.encode(storyId, forKey: .storyId)
        case .feedHealth(let feedId, let health, let failureCount):
            try container.encode(feedId, forKey: .feedId)
            try container.encode(health, forKey: .health)
            try container.encode(failureCount, forKey: .failureCount)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "story.created":
            self = .storyCreated(storyId: try container.decode(String.self, forKey: .storyId),
                                 signalScore: try container.decode(Int.self, forKey: .signalScore),
                                 sourceCount: try container.decode(Int.self, forKey: .sourceCount))
        case "story.updated":
            self = .storyUpdated(storyId: try container.decode(String.self, forKey: .storyId),
                                 signalScore: try container.decode(Int.self, forKey: .signalScore),
                                 sourceCount: try container.decode(Int.self, forKey: .sourceCount),
                                 updatedAt: try container.decode(Date.self, forKey: .updatedAt))
        case "story.stale":
            self = .storyStale(storyId: try container.decode(String.self, forKey: .storyId))
        case "feed.health":
            self = .feedHealth(feedId: try container.decode(String.self, forKey: .feedId),
                               health: try container.decode(Feed.Health.self, forKey: .health),
                               failureCount: try container.decode(Int.self, forKey: .failureCount))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown event \(type)")
        }
    }
}
