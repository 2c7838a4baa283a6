import FeedFetching
import Foundation
import HTTPServer
import Storage

/// The one spelling a feed's URL is stored and compared under, so one feed is one subscription
/// however it was typed, imported or redirected to: scheme and host lower-case, the host
/// without a trailing dot, no default port, `/` for an empty path, dot segments resolved,
/// percent escapes in upper case, no empty query and no fragment (a fragment never reaches the
/// server, so `feed.xml#top` is `feed.xml`). User and password stay: a private feed needs them.
/// They are stored and sent only to the feed's own server; what the API shows is `displayed`.
enum FeedURL {
    /// A stored URL as `GET /feeds` and `POST /feeds` show it: without the password, so a
    /// private feed's secret is not copied into every app, cache and proxy that reads the list.
    /// The user stays, so the owner can tell which account the subscription uses.
    static func displayed(_ stored: String) -> String {
        guard var components = URLComponents(string: stored), components.password != nil else { return stored }
        components.password = nil
        return components.string ?? stored
    }

    /// `text` without user and password: the form of every URL stored for an article (its link,
    /// image, the feed's URL when the entry has no link), which the API serves to anyone; only
    /// the subscription itself keeps a private feed's account.
    static func withoutUserInfo(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.user != nil || components.password != nil else { return text }
        components.user = nil
        components.password = nil
        return components.string ?? text
    }

    /// Nil when `text` is not an absolute http(s) URL with a host.
    static func normalized(_ text: String) -> URL? {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", var host = components.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasSuffix("."), !host.hasPrefix("[") { host.removeLast() }
        guard !host.isEmpty else { return nil }
        components.scheme = scheme
        components.host = host
        components.fragment = nil
        if components.port == (scheme == "http" ? 80 : 443) { components.port = nil }
        components.percentEncodedPath = upperCaseEscapes(withoutDotSegments(components.percentEncodedPath))
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = query.isEmpty ? nil : upperCaseEscapes(query)
        }
        return components.url
    }

    /// RFC 3986 §5.2.4, on an absolute path: `/a/./b/../c` is `/a/c`; empty is `/`.
    private static func withoutDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".": if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default: output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }

    /// `%7e` and `%7E` are one character; RFC 3986 §6.2.2.1 prefers the upper case.
    private static func upperCaseEscapes(_ text: String) -> String {
        var result = "", pending = 0
        for character in text {
            if character == "%" {
                pending = 2
                result.append(character)
            } else if pending > 0 {
                pending -= 1
                result.append(contentsOf: character.uppercased())
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Moves the subscription `feedID` to `url` unless another subscription already has that URL;
    /// false when it did not move.
    static func move(_ feedID: String, to url: String, _ connection: any DatabaseConnection) throws -> Bool {
        try connection.execute("""
            UPDATE feeds SET url = $1 WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM feeds other WHERE other.url = $1)
            """, [.text(url), .text(feedID)]) > 0
    }

    /// Brings URLs stored before this spelling was enforced to it, once per start (a few rows,
    /// one statement each). A row whose spelling another row already has is left as it is and
    /// reported: which of two subscriptions to keep is the operator's choice.
    static func normalizeStored(on database: Database, logger: Logger) async {
        do {
            let stored = try await database.read { connection in
                try connection.query("SELECT id, url FROM feeds", []).map { (id: try $0.decode(String.self, "id"),
                                                                            url: try $0.decode(String.self, "url")) }
            }
            for feed in stored {
                guard let url = normalized(feed.url), url.absoluteString != feed.url else { continue }
                let moved = try await database.write { try move(feed.id, to: url.absoluteString, $0) }
                if !moved {
                    logger.warning("two subscriptions are one feed; both kept",
                                   ["feedId": .string(feed.id), "url": .string(FetchError.location(url))])
                }
            }
        } catch {
            logger.error("feed URLs could not be normalized", ["error": .string(String(describing: error))])
        }
    }
}
