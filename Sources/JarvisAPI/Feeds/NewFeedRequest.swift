import APIToolkit
import FeedFetching
import Foundation
import HTTPServer

/// `POST /feeds` body: what the app sends, validated once here (URL, name, interval).
struct NewFeedRequest: RequestBody {
    static let minimumInterval = 60
    static let maximumInterval = 86_400
    static let defaultInterval = 900

    let url: String
    let name: String
    let pollIntervalSeconds: Int?

    /// An http(s) URL with a host: the scheme in any case, `//`, an optional user (anything up to
    /// the authority's last `@`), a host — a name of RFC 3986's unreserved and sub-delimiter
    /// characters (not `.` alone: without its trailing dot it is empty) or an IPv6 address in
    /// brackets — an optional port, then anything from the first `/`, `?` or `#` on. Every
    /// string it matches has the spelling `FeedURL.normalized` stores.
    static let urlPattern = #"^[Hh][Tt][Tt][Pp][Ss]?://(?:[^/?#\x00]*@)?"#
        + #"(?:\["# + ipv6Pattern + #"\]|[A-Za-z0-9!$&'()*+,;=_~-][A-Za-z0-9!$&'()*+,;=_~.-]*|\.[A-Za-z0-9!$&'()*+,;=_~.-]+)"#
        + #"(?::[0-9]{0,5})?(?:[/?#][^\x00]*)?$"#

    /// RFC 3986's `IPv6address`, unanchored.
    private static var ipv6Pattern: String {
        let h16 = "[0-9A-Fa-f]{1,4}", octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
        let ls32 = "(?:\(h16):\(h16)|(?:\(octet)\\.){3}\(octet))"
        func groups(_ range: String) -> String { "(?:\(h16):)\(range)" }
        func head(_ most: Int) -> String { "(?:\(groups("{0,\(most)}"))\(h16))?" }
        let forms = ["\(groups("{6}"))\(ls32)", "::\(groups("{5}"))\(ls32)", "\(head(0))::\(groups("{4}"))\(ls32)",
                     "\(head(1))::\(groups("{3}"))\(ls32)", "\(head(2))::\(groups("{2}"))\(ls32)", "\(head(3))::\(h16):\(ls32)",
                     "\(head(4))::\(ls32)", "\(head(5))::\(h16)", "\(head(6))::"]
        return "(?:" + forms.joined(separator: "|") + ")"
    }

    /// The white space `validated()` trims from a name: Foundation's `whitespacesAndNewlines`
    /// (Unicode's separators, U+200B, tab to carriage return and U+0085), spelled for a pattern.
    static let blank = #"\t\n\x0B\f\r \x85\xA0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000"#
    /// A name with at least one character that is not `blank`.
    static let namePattern = #"^[^\x00]*[^\x00"# + blank + #"][^\x00]*$"#

    static let schema: Schema = .object("NewFeed") {
        Property("url", .string(maxLength: 2048, pattern: urlPattern), description: "http(s) URL of an RSS or Atom feed")
        Property("name", .string(maxLength: 200, pattern: namePattern), description: "not blank; stored without surrounding white space")
        Property("pollIntervalSeconds", .integer(min: Int64(minimumInterval), max: Int64(maximumInterval)), required: false)
    }

    /// The body of `POST /feeds`, checked against `schema`: a URL or a name that breaks its
    /// pattern (empty included) is `feed.invalid_url` / `feed.invalid_name`, anything else the
    /// schema refuses `validation.failed`.
    static func decode(_ body: [UInt8]) throws -> NewFeedRequest {
        do {
            return try decodeRequest(Self.self, from: body)
        } catch .invalid(let issues) {
            throw refusal(issues)
        } catch {
            throw error.apiError
        }
    }

    /// A subscription read from elsewhere (an OPML file), held to the same schema.
    static func checked(url: String, name: String) throws -> NewFeedRequest {
        let issues = SchemaValidator.validate(["url": .string(url), "name": .string(name)], against: schema)
        guard issues.isEmpty else { throw refusal(issues) }
        return NewFeedRequest(url: url, name: name, pollIntervalSeconds: nil)
    }

    private static func refusal(_ issues: [ValidationIssue]) -> APIError {
        switch (issues.first?.path, issues.first?.code) {
        case ("url", .invalidFormat?): invalidURL
        case ("name", .invalidFormat?):
            .unprocessable(issues: [ValidationIssue(path: "name", code: "invalid_format",
                                                    message: "must have a character other than white space, and no U+0000")],
                           code: "feed.invalid_name")
        default: .unprocessable(issues: issues)
        }
    }

    private static let invalidURL = APIError.unprocessable(
        issues: [ValidationIssue(path: "url", code: "invalid_format", message: "must be an http or https URL")], code: "feed.invalid_url")

    /// The URL in the spelling it is stored under, the name without surrounding white space, the interval.
    func validated() throws -> (url: URL, name: String, interval: Int) {
        guard let url = FeedURL.normalized(url) else { throw Self.invalidURL }
        return (url, name.trimmingCharacters(in: .whitespacesAndNewlines), pollIntervalSeconds ?? Self.defaultInterval)
    }
}
