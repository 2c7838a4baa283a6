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
    /// The entry's own link as the outlet's other feeds would list it (`OutletLink.key`); nil when
    /// the entry has none (`sourceURL` is then the feed's).
    let outletLink: String?
    let publishedAt: Date
    /// The feed gave the entry no date: `publishedAt` is the fetch time (`PublishedAtSource.fetchTime`).
    let isUndated: Bool
    let isBreaking: Bool

    /// The longest key stored as written. PostgreSQL's B-tree indexes refuse an entry over about
    /// 2.7 kB, which would fail the whole fetch of that feed at every poll; a longer key (a feed
    /// can put anything in a guid or a link) is stored as its digest, still one per entry.
    static let maximumStoredKeyBytes = 1024

    /// `dedupKey` as the `dedup_key` column holds it.
    var storedDedupKey: String { Self.storable(dedupKey) }

    /// `outletLink` as the `outlet_link` column holds it.
    var storedOutletLink: String? { outletLink.map(Self.storable) }

    private static func storable(_ key: String) -> String {
        key.utf8.count <= maximumStoredKeyBytes ? key : "sha256:" + Digest.sha256Hex(key)
    }

    /// Changes when anything shown to the reader changes: an edited entry updates its article.
    var contentHash: String {
        Digest.sha256Hex([headline, body, author ?? "", imageURL ?? "", sourceURL].joined(separator: "\u{1F}"))
    }
}
