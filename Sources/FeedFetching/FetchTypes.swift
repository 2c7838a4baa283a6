import Foundation

/// What to fetch, with the validators from the last good fetch for a conditional GET.
public struct FetchRequest: Sendable, Equatable {
    public var url: URL
    public var etag: String?
    public var lastModified: String?

    public init(url: URL, etag: String? = nil, lastModified: String? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
    }
}

public enum FetchOutcome: Sendable, Equatable {
    case fetched(FetchedDocument)
    /// 304: the feed has not changed since the validators were issued.
    case notModified(permanentRedirect: URL?)
}

public struct FetchedDocument: Sendable, Equatable {
    public let body: [UInt8]
    /// The media type without parameters, lower-cased (`application/rss+xml`).
    public let mediaType: String?
    /// The `charset` parameter of `Content-Type`, if any (it overrides the XML declaration for text/*).
    public let charset: String?
    public let etag: String?
    public let lastModified: String?
    /// Where the body came from after redirects.
    public let finalURL: URL
    /// Set when the chain from the requested URL began with permanent redirects (301/308):
    /// the subscription should be stored under this URL from now on.
    public let permanentRedirect: URL?
}

public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case invalidURL, timeout, tooLarge, tooManyRedirects, network
        /// The URL or a redirect leads to an address `DestinationPolicy` does not permit.
        case internalAddress
        case httpStatus(Int)
    }
    public let kind: Kind
    public let message: String

    /// 410 Gone: the publisher says the feed will not come back.
    public var isGone: Bool { kind == .httpStatus(410) }
    public var description: String { message }

    static func internalAddress(host: String, address: [UInt8]) -> FetchError {
        FetchError(kind: .internalAddress, message: "refused to connect to \(host): \(InternalAddress.text(address)) is in the "
            + "server's own network (allow it with \(DestinationPolicy.environmentName))")
    }

    /// `url` as an error message may name it: without user, password, query or fragment, since
    /// a private feed's credentials or token live there and the message is logged and stored as
    /// the feed's last error. Also what the server's own logs name a feed URL by.
    public static func location(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.host ?? "" }
        parts.user = nil
        parts.password = nil
        parts.query = nil
        parts.fragment = nil
        return parts.string ?? (url.host ?? "")
    }
}

/// Tunables of the fetcher; the defaults suit polling public feeds.
public struct FetcherConfiguration: Sendable {
    /// Publishers can see who polls them and how to reach the operator.
    public var userAgent = "JarvisFeedFetcher/0.1 (news reader; polls feeds at the interval each subscription sets)"
    /// Seconds without progress before a fetch fails.
    public var timeout: Double = 30
    /// Wall-clock seconds one fetch may take, redirects included; then it is cancelled.
    public var deadline: Double = 60
    public var maxBodyBytes = 10 << 20
    public var maxRedirects = 5
    /// Fetches in flight to one host at once: a slow publisher is never hammered.
    public var perHostConcurrency = 2
    /// Fetches in flight overall.
    public var totalConcurrency = 16
    /// Which addresses may be connected to: internet ones, and internal ones the operator allowed.
    public var destinations = DestinationPolicy()
    /// How a host name is resolved, once per hop (`InternalAddress.resolve`; tests give their
    /// own map to play a publisher's DNS).
    public var resolve: @Sendable (String) -> [[UInt8]] = InternalAddress.resolve

    public init() {}
}
