import Foundation
import Storage

/// `Feed` exactly as the iOS app decodes it (contract: GET /feeds). `health` is one of three
/// strings — any other value would fail the app's whole feed list.
struct Feed: Encodable, Sendable, Equatable {
    enum Health: String, Codable, Sendable, CaseIterable {
        case active, failing, dead
    }

    let id: String
    let name: String
    let url: String
    let health: Health
    let pollIntervalSeconds: Int
    let failureCount: Int
    let lastFetchedAt: Date?
    let articleCountToday: Int
}

/// What the poller needs of a feed row besides its public shape.
struct FeedSchedule: Sendable, Equatable {
    let id: String
    let url: String
    let name: String
    let pollIntervalSeconds: Int
    let health: Feed.Health
    let failureCount: Int
    let etag: String?
    let lastModified: String?
    /// The last successful fetch; nil before the first.
    let lastFetchedAt: Date?
}

/// `{"data": [Feed]}` — the list endpoint's envelope in the contract.
struct FeedList: Encodable, Sendable {
    let data: [Feed]
}
