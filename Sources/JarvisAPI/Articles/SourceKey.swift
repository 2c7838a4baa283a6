import Foundation

/// An outlet's identity for counting independent sources: the feed's host without the
/// prefixes outlets put in front of their feed servers, so `feeds.bbci.co.uk/news` and
/// `www.bbci.co.uk/sport` are one outlet, and two outlets never share a key. A port other
/// than the scheme's default is part of the identity (two servers on one host are two sites).
enum SourceKey {
    static let feedHostPrefixes = ["www.", "feeds.", "feed.", "rss.", "m."]

    /// Services that host many publishers' feeds on one host, each under its own path
    /// (`feeds.feedburner.com/TechCrunch`): there the path is part of the key, or every outlet
    /// subscribed through the service would count as one source.
    static let sharedFeedHosts: Set<String> = ["feedburner.com", "feedblitz.com", "medium.com", "rss.app", "rsshub.app"]

    static func of(feedURL: URL) -> String {
        var host = (feedURL.host ?? feedURL.absoluteString).lowercased()
        for prefix in feedHostPrefixes where host.hasPrefix(prefix) && host.count > prefix.count {
            host.removeFirst(prefix.count)
            break
        }
        if let port = feedURL.port, port != (feedURL.scheme == "https" ? 443 : 80) { host += ":\(port)" }
        if sharedFeedHosts.contains(host) {
            let path = feedURL.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if !path.isEmpty { host += "/" + path }
        }
        return host
    }
}
