import APIToolkit
import Foundation

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
        guard let url = Self.normalized(url) else {
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

    /// The one spelling a feed is stored and compared under: scheme and host lower-case (the
    /// fetcher refuses `HTTP:`), no fragment (never sent to the server, so `feed.xml#x` is the
    /// same feed and must be a duplicate), no default port, `/` for an empty path. Nil when it is
    /// not an absolute http(s) URL with a host.
    static func normalized(_ text: String) -> URL? {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return nil }
        components.scheme = scheme
        components.host = host.lowercased()
        components.fragment = nil
        if components.port == (scheme == "http" ? 80 : 443) { components.port = nil }
        if components.path.isEmpty { components.path = "/" }
        return components.url
    }
}
