import Foundation

/// Live updates the app receives over the WebSocket. Each carries the fields the app requires
/// for it to take effect (contract: "WebSocket — minimum fields per event").
enum JarvisEvent: Sendable, Equatable {
    case feedHealth(feedId: String, health: Feed.Health, failureCount: Int)

    /// The event as the app decodes it: `{"type": "feed.health", "feedId": …}`.
    var payload: Payload {
        switch self {
        case .feedHealth(let feedId, let health, let failureCount):
            Payload(type: "feed.health", feedId: feedId, health: health, failureCount: failureCount)
        }
    }

    struct Payload: Encodable, Sendable, Equatable {
        let type: String
        let feedId: String
        let health: Feed.Health
        let failureCount: Int
    }
}
