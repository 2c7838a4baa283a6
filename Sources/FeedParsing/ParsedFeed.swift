import Foundation

/// One feed document, reduced to what a news reader needs. Every text field is plain text
/// (markup removed, entities decoded, whitespace normalised) and every link is absolute
/// whenever the document or the caller gave a base to resolve it against.
public struct ParsedFeed: Sendable, Equatable {
    /// Which syndication format and version the document is.
    public var format: FeedFormat
    /// The character encoding the bytes were read as (lowercase label, e.g. `utf-8`).
    public var encoding: String
    /// The feed's title; empty when the document has none.
    public var title: String
    /// The web site the feed belongs to (RSS `<link>`, Atom `rel="alternate"`).
    public var link: String?
    /// RSS `<description>` or Atom `<subtitle>`/`<tagline>`, as plain text.
    public var subtitle: String?
    /// Atom `<id>`.
    public var id: String?
    /// The feed-level author or managing editor, display name preferred over e-mail.
    public var author: String?
    /// The feed-level author's e-mail address, when given.
    public var authorEmail: String?
    /// RSS `<image><url>` or Atom `<logo>`/`<icon>`.
    public var imageURL: String?
    /// RSS `<language>` / `dc:language`.
    public var language: String?
    /// When the publisher says the feed as a whole was published (RSS `pubDate`).
    public var publishedAt: Date?
    /// When the publisher says the feed last changed (`lastBuildDate`, Atom `updated`).
    public var updatedAt: Date?
    /// The entries in document order.
    public var entries: [FeedEntry]

    public init(format: FeedFormat, encoding: String, title: String, link: String? = nil, subtitle: String? = nil,
                id: String? = nil, author: String? = nil, authorEmail: String? = nil, imageURL: String? = nil, language: String? = nil,
                publishedAt: Date? = nil, updatedAt: Date? = nil, entries: [FeedEntry] = []) {
        self.format = format
        self.encoding = encoding
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.id = id
        self.author = author
        self.authorEmail = authorEmail
        self.imageURL = imageURL
        self.language = language
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.entries = entries
    }
}

/// One RSS `<item>` or Atom `<entry>`.
public struct FeedEntry: Sendable, Equatable {
    /// RSS `<guid>`, Atom `<id>`, or RDF `rdf:about`, verbatim (trimmed).
    public var guid: String?
    /// The article's absolute URL; nil when the entry has none or it cannot be made absolute.
    public var link: String?
    /// The headline as plain text. When the feed gives none, the start of the body stands in,
    /// so the app never shows an empty headline.
    public var title: String
    /// The richest of `content:encoded`, Atom `content`, `description` and `summary`, as plain text
    /// with paragraphs kept as line breaks.
    public var bodyText: String
    /// RSS `<description>` or Atom `<summary>` as plain text; nil when the entry has none.
    public var summaryText: String?
    /// Display name of the author (`author`, `dc:creator`, Atom person), else their e-mail.
    public var author: String?
    /// The author's e-mail address when the feed gives one.
    public var authorEmail: String?
    /// From `media:content`, `media:thumbnail`, an image `enclosure`, else the body's first `<img>`.
    public var imageURL: String?
    /// Publication time: the feed's published date, else its updated date, else the fetch time.
    public var publishedAt: Date
    /// Where `publishedAt` came from, so a caller can tell a real date from the fetch-time fallback.
    public var publishedAtSource: PublishedAtSource
    /// The entry's own last-modified date (Atom `updated`, `dcterms:modified`), if any.
    public var updatedAt: Date?
    /// Category terms (`category`, `dc:subject`, Atom `category`) in document order.
    public var categories: [String]
    /// The feed itself flags the entry as breaking news (a "breaking" category or a
    /// "BREAKING:" headline prefix).
    public var isBreaking: Bool

    public init(guid: String? = nil, link: String? = nil, title: String, bodyText: String, summaryText: String? = nil,
                author: String? = nil, authorEmail: String? = nil, imageURL: String? = nil, publishedAt: Date,
                publishedAtSource: PublishedAtSource, updatedAt: Date? = nil, categories: [String] = [],
                isBreaking: Bool = false) {
        self.guid = guid
        self.link = link
        self.title = title
        self.bodyText = bodyText
        self.summaryText = summaryText
        self.author = author
        self.authorEmail = authorEmail
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.publishedAtSource = publishedAtSource
        self.updatedAt = updatedAt
        self.categories = categories
        self.isBreaking = isBreaking
    }
}

/// Which element `FeedEntry.publishedAt` was read from.
public enum PublishedAtSource: String, Sendable, Equatable {
    /// `pubDate`, `dc:date`, Atom `published`/`issued`/`created`.
    case published
    /// No publication date, so the entry's updated date stands in.
    case updated
    /// The feed gave no usable date: the time the feed was fetched.
    case fetchTime
}

/// Syndication formats, named as Python's feedparser names them so results can be compared.
public enum FeedFormat: String, Sendable, Equatable {
    case rss090, rss091n, rss091u, rss092, rss093, rss094, rss20, rss10
    /// An `<rss>` document whose version attribute is missing or unknown.
    case rss
    case atom03, atom10
    /// An Atom-looking `<feed>` of no recognisable version.
    case atom
}
