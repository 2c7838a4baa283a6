/// Why a document could not be turned into a feed. Anything milder (a stray undefined entity,
/// a tag left open) is recovered from, the way readers have always treated real-world feeds.
public enum FeedParseError: Error, Sendable, Equatable {
    /// The document is larger than `FeedParser.Limits.maxInputBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// Elements nest deeper than `FeedParser.Limits.maxDepth`.
    case tooDeep(limit: Int)
    /// Entity expansion produced more text than `FeedParser.Limits.maxTextBytes`: a
    /// "billion laughs" style document, or libxml2 itself refused an amplifying entity.
    case entityExpansion
    /// The document is empty or holds no element at all.
    case empty
    /// The root element is not `rss`, `rdf:RDF` or `feed` (named here for the log).
    case notAFeed(rootElement: String)
    /// The XML is broken before any feed element could be read (libxml2's message).
    case malformed(String)
}
