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

    /// Changes when anything shown to the reader changes: an edited entry updates its article.
    var contentHash: String {
        Digest.sha256Hex([headline, body, author ?? "", imageURL ?? "", sourceURL].joined(separator: "\u{1F}"))
    }
}
