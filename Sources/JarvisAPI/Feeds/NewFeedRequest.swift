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

    /// A URL whose host has an address in the server's own network, outside the networks the
    /// operator allowed, is refused here (422 `feed.internal_address`) as well as at every
    /// fetch. A name that does not resolve now is accepted: the fetch judges it when it does.
    static func refuseInternalDestination(_ url: URL, policy: DestinationPolicy) async throws {
        guard case .refused(let address) = try await offload({ policy.verdict(for: url) }) else { return }
        let message = "\(url.host ?? "") is \(InternalAddress.text(address)), an address in the server's own network "
            + "(the operator can allow its network with \(DestinationPolicy.environmentName))"
        throw APIError.unprocessable(issues: [ValidationIssue(path: "url", code: "internal_address", message: message)],
                                     code: "feed.internal_address")
    }
}
