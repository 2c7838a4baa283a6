import Foundation
import XCTest

/// Decodes exactly as the Jarvis iOS app does (`.iso8601` dates, `.convertFromSnakeCase` keys)
/// and, because Linux's `.iso8601` also accepts fractions and offsets that iOS rejects, first
/// checks every date-looking string is exactly `YYYY-MM-DDTHH:MM:SSZ`.
enum AppDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from body: String, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        let data = Data(body.utf8)
        try assertStrictDates(in: JSONSerialization.jsonObject(with: data), file: file, line: line)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: data)
    }

    private static let strictDate = try! NSRegularExpression(pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$")
    private static let dateLike = try! NSRegularExpression(pattern: "^\\d{4}-\\d{2}-\\d{2}T")

    static func assertStrictDates(in value: Any, file: StaticString, line: UInt) throws {
        switch value {
        case let string as String:
            let range = NSRange(string.startIndex..., in: string)
            if dateLike.firstMatch(in: string, range: range) != nil {
                XCTAssertNotNil(strictDate.firstMatch(in: string, range: range), "date \(string) would blank the iOS screen", file: file, line: line)
            }
        case let array as [Any]:
            for element in array { try assertStrictDates(in: element, file: file, line: line) }
        case let object as [String: Any]:
            for element in object.values { try assertStrictDates(in: element, file: file, line: line) }
        default:
            break
        }
    }
}

/// The app's models (Jarvis/Models/Models.swift, as the contract describes them): non-optional
/// where the contract says required, so a missing or null field fails here as it would there.
struct AppFeed: Decodable, Equatable {
    enum Health: String, Decodable { case active, failing, dead }
    let id: String
    let name: String
    let url: String
    let health: Health
    let pollIntervalSeconds: Int
    let failureCount: Int
    let lastFetchedAt: Date?
    let articleCountToday: Int
}

struct AppFeedList: Decodable {
    let data: [AppFeed]
}

struct AppServerHealth: Decodable {
    let status: String
    let version: String
    let storiesCount: Int
    let feedsCount: Int
    let uptime: Int
}

enum AppTopic: String, Decodable, CaseIterable { case finance, tech, politics, africa }

struct AppScoreBreakdown: Decodable, Equatable {
    let sourceAuthority: Int
    let freshness: Int
    let localRelevance: Int
    let crossSourceConfirmation: Int
    let topicImportance: Int
}

struct AppStorySource: Decodable, Equatable {
    let id: String
    let name: String
    let url: String
    let publishedAt: Date
    let isBreaking: Bool
}

struct AppStorySummary: Decodable, Equatable {
    let id: String
    let headline: String
    let summary: String
    let topic: AppTopic
    let signalScore: Int
    let scoreBreakdown: AppScoreBreakdown
    let sourceCount: Int
    let sources: [AppStorySource]
    let consensus: String?
    let conflict: String?
    let updatedAt: Date
    let createdAt: Date
}

struct AppPaginatedStories: Decodable {
    let data: [AppStorySummary]
    let nextCursor: String?
    let hasMore: Bool
    let total: Int
}

struct AppTimelineEntry: Decodable, Equatable {
    let articleId: String
    let source: String
    let headline: String
    let publishedAt: Date
    let isBreaking: Bool
}

struct AppStoryDetail: Decodable {
    let id: String
    let headline: String
    let summary: String
    let topic: AppTopic
    let signalScore: Int
    let scoreBreakdown: AppScoreBreakdown
    let sourceCount: Int
    let consensus: String?
    let conflict: String?
    let updatedAt: Date
    let createdAt: Date
    let timeline: [AppTimelineEntry]
}

struct AppArticle: Decodable {
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

/// A story event as the app's WebSocket manager reads it: `story.updated` needs all three.
struct AppStoryEvent: Decodable {
    let type: String
    let storyId: String?
    let signalScore: Int?
    let sourceCount: Int?
}

extension AppDecoding {
    /// The contract's error body, exactly: `{"error":{"code":…,"message":…}}`, two non-empty strings
    /// and no other key, at either level.
    static func assertErrorEnvelope(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], body, file: file, line: line)
        XCTAssertEqual(Array(object.keys), ["error"], body, file: file, line: line)
        let error = try XCTUnwrap(object["error"] as? [String: Any], body, file: file, line: line)
        XCTAssertEqual(Set(error.keys), ["code", "message"], body, file: file, line: line)
        for key in ["code", "message"] {
            XCTAssertFalse((error[key] as? String ?? "").isEmpty, "\(key) is a non-empty string: \(body)", file: file, line: line)
        }
    }

    /// Nullable fields must still be present (the contract's "N": may be null, key present).
    static func assertKeysPresent(_ keys: [String], in body: String, path: [String] = [], file: StaticString = #filePath,
                                  line: UInt = #line) throws {
        var objects: [Any] = [try JSONSerialization.jsonObject(with: Data(body.utf8))]
        for step in path {
            objects = objects.flatMap { object -> [Any] in
                guard let value = (object as? [String: Any])?[step] else { return [] }
                return (value as? [Any]) ?? [value]
            }
        }
        for case let object as [String: Any] in objects {
            for key in keys { XCTAssertTrue(object.keys.contains(key), "missing key \(key)", file: file, line: line) }
        }
    }
}
