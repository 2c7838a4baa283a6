/// The RSS dialect an `<rss version="…">` root declares. 0.91 exists twice: Netscape's, which
/// documents announce with its DOCTYPE, and Userland's.
enum RSSVersion {
    static func format(_ version: String?, doctypePublicID: String?) -> FeedFormat {
        switch version {
        case "0.90": return .rss090
        case "0.91": return doctypePublicID?.contains("Netscape") == true ? .rss091n : .rss091u
        case "0.92": return .rss092
        case "0.93": return .rss093
        case "0.94": return .rss094
        case .some(let value) where value.hasPrefix("2."): return .rss20
        default: return .rss
        }
    }
}
