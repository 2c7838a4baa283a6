import APIToolkit
import FeedFetching
import Foundation
import HTTPServer

/// `POST /feeds` body: what the app sends, validated once here (URL scheme, name, interval).
struct NewFeedRequest: RequestBody {
    static let minimumInterval = 60
    static let maximumInterval = 86_400
    static let defaultInterval = 900

    let url: String
    let name: String
    let pollIntervalSeconds: Int?

    /// Types and lengths only: what a URL or a name must be is `validated()`'s, so every bad URL
    /// is `feed.invalid_url` and every bad name `feed.invalid_name`, the empty ones included.
    static let schema: Schema = .object("NewFeed") {
        Property("url", .string(maxLength: 2048), description: "http(s) URL of an RSS or Atom feed")
        Property("name", .string(maxLength: 200), description: "not blank")
        Property("pollIntervalSeconds", .integer(min: Int64(minimumInterval), max: Int64(maximumInterval)), required: false)
    }

    /// The checks a schema cannot express: an absolute http(s) URL with a host, a name that is not blank.
    func validated() throws -> (url: URL, name: String, interval: Int) {
        guard let url = FeedURL.normalized(url) else {
            throw APIError.unprocessable(issues: [ValidationIssue(path: "url", code: "invalid_format", message: "must be an http or https URL")],
                                         code: "feed.invalid_url")
        }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmedName.isEmpty else {
            throw APIError.unprocessable(issues: [ValidationIssue(path: "name", code: "too_small", message: "must not be blank")],
                                         code: "feed.invalid_name")
        }
        return (url, trimmedName, pollIntervalSeconds ?? Self.defaultInterval)
    }
}
