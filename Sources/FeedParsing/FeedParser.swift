import CLibXML2
import Foundation

/// Parses RSS 0.9x/1.0/2.0 and Atom 0.3/1.0 documents into `ParsedFeed`. Pure: bytes in,
/// values out; fetching, storage and scheduling live elsewhere.
public enum FeedParser {
    /// Bounds that keep a hostile or broken document from costing more than a real one.
    public struct Limits: Sendable, Equatable {
        /// Larger documents are refused before parsing.
        public var maxInputBytes: Int
        /// Deeper element nesting stops the parse (real feeds stay under 20).
        public var maxDepth: Int
        /// Entries past this many are ignored.
        public var maxEntries: Int

        public init(maxInputBytes: Int = 10 * 1024 * 1024, maxDepth: Int = 128, maxEntries: Int = 10_000) {
            self.maxInputBytes = maxInputBytes
            self.maxDepth = maxDepth
            self.maxEntries = maxEntries
        }

        public static let standard = Limits()
    }

    /// Parses a feed document.
    /// - Parameters:
    ///   - contentTypeCharset: the `charset` parameter of the HTTP `Content-Type`, which overrides
    ///     the XML declaration (see `charset(fromContentType:)`).
    ///   - baseURL: the URL the document was fetched from, for resolving relative links.
    ///   - fetchedAt: stands in for the publication date of entries that have none.
    public static func parse(_ data: Data, contentTypeCharset: String? = nil, baseURL: URL? = nil, fetchedAt: Date,
                             limits: Limits = .standard) throws(FeedParseError) -> ParsedFeed {
        let result: Result<ParsedFeed, FeedParseError> = data.withUnsafeBytes { buffer in
            Result { () throws(FeedParseError) -> ParsedFeed in
                try parse(buffer: buffer, charset: contentTypeCharset, baseURL: baseURL, fetchedAt: fetchedAt, limits: limits)
            }
        }
        return try result.get()
    }

    public static func parse(_ bytes: [UInt8], contentTypeCharset: String? = nil, baseURL: URL? = nil, fetchedAt: Date,
                             limits: Limits = .standard) throws(FeedParseError) -> ParsedFeed {
        let result: Result<ParsedFeed, FeedParseError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(FeedParseError) -> ParsedFeed in
                try parse(buffer: buffer, charset: contentTypeCharset, baseURL: baseURL, fetchedAt: fetchedAt, limits: limits)
            }
        }
        return try result.get()
    }

    /// The key under which an entry is deduplicated within its feed, and the only definition of
    /// it: the guid, else the link, else the title with the feed's own date. An entry without a
    /// feed date is keyed by title alone, since the fetch-time fallback changes on every fetch.
    public static func dedupKey(for entry: FeedEntry) -> String {
        if let guid = entry.guid?.trimmingASCII(), !guid.isEmpty { return "guid:" + guid }
        if let link = entry.link, !link.isEmpty { return "link:" + link }
        guard entry.publishedAtSource != .fetchTime else { return "title:" + entry.title }
        return "title:\(entry.title)|\(Int(entry.publishedAt.timeIntervalSince1970))"
    }

    /// The `charset` parameter of a `Content-Type` header value (quotes and spaces tolerated).
    public static func charset(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingASCII().lowercased() == "charset" else { continue }
            let value = parts[1].trimmingASCII("\"'")
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static let libxml2Ready: Void = xmlInitParser()

    private static func parse(buffer: UnsafeRawBufferPointer, charset: String?, baseURL: URL?, fetchedAt: Date,
                              limits: Limits) throws(FeedParseError) -> ParsedFeed {
        guard buffer.count <= limits.maxInputBytes else { throw .tooLarge(bytes: buffer.count, limit: limits.maxInputBytes) }
        guard buffer.contains(where: { !$0.isASCIISpace && $0 != 0 }) else { throw .empty }
        libxml2Ready
        let plan = CharsetPlan.detect(buffer, headerCharset: charset)
        let body = UnsafeRawBufferPointer(rebasing: buffer[plan.bomLength...])
        let context = DocumentContext(baseURL: baseURL, fetchedAt: fetchedAt, limits: limits)
        var outcome = DocumentPass.run(body, label: plan.label, context: context)
        if outcome.session.sawEncodingError, !CharsetLabels.readsAsLatin1(plan.label) {
            // The bytes are not what the label says; Windows-1252 reads any byte sequence.
            outcome = DocumentPass.run(body, label: "windows-1252", context: context)
        }
        return try outcome.feed()
    }
}
