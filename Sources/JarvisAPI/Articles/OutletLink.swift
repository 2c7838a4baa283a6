import Foundation

/// The key under which one outlet's feeds list the same report. Outlets put a report in several
/// feeds (top stories, world, Africa), each time as a separate entry pointing at one page; stored
/// twice, it showed twice in its story's timeline. The key is the link as `FeedURL` spells it,
/// without the campaign parameters (`utm_*`) outlets tag each feed's links with.
enum OutletLink {
    /// Nil when the link is no article page: not http(s), or the site's front page (some feeds
    /// give every entry the home page as its link, and those entries are different reports).
    static func key(_ link: String) -> String? {
        guard let url = FeedURL.normalized(link), url.path != "/",
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        if let parameters = components.percentEncodedQueryItems {
            let kept = parameters.filter { !$0.name.lowercased().hasPrefix("utm_") }
            components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        }
        return components.string
    }
}
