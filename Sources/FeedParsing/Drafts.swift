import Foundation

/// A value some element offered for a field, kept with its rank: a field's richer source
/// (`pubDate` over `dc:date`, `<title>` over `dc:title`) replaces a poorer one, and among equals
/// the first in the document wins.
struct Ranked<Value> {
    private(set) var value: Value?
    private var rank = Int.min

    mutating func offer(_ candidate: Value?, rank: Int = 0) {
        guard let candidate, rank > self.rank else { return }
        value = candidate
        self.rank = rank
    }

    /// For values a later element restates (dates): among equals the last one wins, as a
    /// generator that writes a date twice means the second.
    mutating func restate(_ candidate: Value?, rank: Int = 0) {
        guard let candidate, rank >= self.rank else { return }
        value = candidate
        self.rank = rank
    }

    /// Whether a value of this rank would be taken.
    func accepts(rank: Int) -> Bool { rank > self.rank }
}

/// Captured markup or text plus the `xml:base` that was in scope, for resolving its `<img>`.
struct CapturedText {
    var bytes: [UInt8]
    var base: URL?
}

/// A link or image reference as written, with the explicit `xml:base` in scope where it appeared.
struct RawLink {
    var reference: String
    var base: URL?
}

/// An author being assembled from an Atom person construct (`<name>`, `<email>`, `<uri>`).
struct PersonDraft {
    var name: String?
    var email: String?
}

/// Everything one `<item>`/`<entry>` said, before it is turned into plain text and dates.
struct EntryDraft {
    var title = Ranked<CapturedText>()
    var link = Ranked<RawLink>()
    var guid: String?
    var guidIsPermaLink = true
    var rdfAbout: String?
    var summary = Ranked<CapturedText>()
    var contents: [CapturedText] = []
    var authorName = Ranked<String>()
    var authorEmail = Ranked<String>()
    var published = Ranked<Date>()
    var updated = Ranked<Date>()
    var categories: [String] = []
    var mediaImage: RawLink?
    var thumbnailImage: RawLink?
    var enclosureImage: RawLink?
}

/// Everything the channel / feed element said about itself.
struct FeedDraft {
    var title = Ranked<CapturedText>()
    var link = Ranked<RawLink>()
    var subtitle = Ranked<CapturedText>()
    var id: String?
    var language: String?
    /// The root element's `xml:lang`, when no `<language>` element says otherwise.
    var documentLanguage: String?
    var authorName = Ranked<String>()
    var authorEmail = Ranked<String>()
    var image = Ranked<RawLink>()
    var published = Ranked<Date>()
    var updated = Ranked<Date>()
}
