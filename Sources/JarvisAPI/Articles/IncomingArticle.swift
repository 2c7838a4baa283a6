import Foundation
import Secrets

/// One feed entry, ready to store: what the parser produced, reduced to the article's fields.
struct IncomingArticle: Sendable, Equatable {
    /// Per-feed identity of the entry (guid, else link, else title + date).
    let dedupKey: String
    let headline: String
    let body: String
    let author: String?
    let imageURL: String?
    let sourceURL: String
    let publishedAt: Date
    let isBreaking: Bool

    /// The longest key stored as written. PostgreSQL's unique index refuses an entry over about
    /// 2.7 kB, which would fail the whole fetch of that feed at every poll; a longer key (a feed
    /// can put anything in a guid) is stored as its digest, still one per entry.
    static let maximumStoredKeyBytes = 1024

    /// `dedupKey` as the `dedup_key` column holds it.
    var storedDedupKey: String {
        dedupKey.utf8.count <= Self.maximumStoredKeyBytes ? dedupKey : "sha256:" + Digest.sha256Hex(dedupKey)
    }

    /// Changes when anything shown to the reader changes: an edited entry updates its article.
    var contentHash: String {
        Digest.sha256Hex([headline, body, author ?? "", imageURL ?? "", sourceURL].joined(separator: "\u{1F}"))
    }
}
