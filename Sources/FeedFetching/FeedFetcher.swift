import Foundation

/// Fetches feeds over HTTP(S): conditional GET (ETag/Last-Modified, 304), compressed transfer,
/// a wall-clock deadline per fetch and a shorter one without progress, a body-size cap enforced
/// while downloading, redirects (permanent ones reported so the stored URL can move), a
/// descriptive User-Agent, and a cap on concurrent fetches per host.
///
/// Every hop, the first and each redirect, is resolved once and refused whole if any of its
/// addresses is one `DestinationPolicy` does not permit; the request then connects only to
/// those checked addresses (`CurlTransfer`), so neither a feed's URL, nor its publisher's DNS
/// answering differently a second time, nor a redirect reaches the operator's network.
public final class FeedFetcher: Sendable {
    public let configuration: FetcherConfiguration
    private let limiter: ConcurrencyLimiter

    private static let accept = "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, "
        + "text/xml;q=0.9, */*;q=0.5"

    public init(configuration: FetcherConfiguration = FetcherConfiguration()) {
        self.configuration = configuration
        limiter = ConcurrencyLimiter(perHost: configuration.perHostConcurrency, total: configuration.totalConcurrency)
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchOutcome {
        guard let host = Self.fetchableHost(request.url) else {
            throw FetchError(kind: .invalidURL, message: "only http and https URLs can be fetched: \(FetchError.location(request.url))")
        }
        await limiter.acquire(host: host)
        defer { limiter.release(host: host) }

        let deadline = ContinuousClock.now + .milliseconds(Int(configuration.deadline * 1000))
        var headers = ["Accept: \(Self.accept)"]
        if let etag = request.etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified = request.lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        var url = request.url
        var permanentRedirect: URL?
        var permanentSoFar = true
        for _ in 0...configuration.maxRedirects {
            let response = try await exchange(url, headers: headers, deadline: deadline)
            guard (300...399).contains(response.status), response.status != 304 else {
                return try outcome(of: response, from: url, requested: request.url, permanentRedirect: permanentRedirect)
            }
            guard let location = response.header("Location"), let next = URL(string: location, relativeTo: url)?.absoluteURL,
                  Self.fetchableHost(next) != nil else {
                throw FetchError(kind: .httpStatus(response.status),
                                 message: "HTTP \(response.status) without a usable Location from \(FetchError.location(url))")
            }
            if permanentSoFar && (response.status == 301 || response.status == 308) {
                permanentRedirect = next
            } else {
                permanentSoFar = false
            }
            url = next
        }
        throw FetchError(kind: .tooManyRedirects, message: "too many redirects from \(FetchError.location(request.url))")
    }

    /// One request to `url`, after its host passed the destination policy.
    private func exchange(_ url: URL, headers: [String], deadline: ContinuousClock.Instant) async throws(FetchError) -> TransferResponse {
        let host = Self.fetchableHost(url) ?? ""
        let verdict = await Self.offPool { [configuration] in configuration.destinations.verdict(forHost: host, resolve: configuration.resolve) }
        let addresses: [[UInt8]]
        switch verdict {
        case .permitted(let checked): addresses = checked
        case .refused(let address): throw FetchError.internalAddress(host: host, address: address)
        case .unresolved: throw FetchError(kind: .network, message: "\(host) does not resolve (\(FetchError.location(url)))")
        }
        let limits = TransferLimits(pinned: addresses, deadline: deadline,
                                    stallSeconds: max(1, Int(configuration.timeout.rounded(.up))),
                                    maxBodyBytes: configuration.maxBodyBytes)
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        switch await CurlTransfer.run(url: url.absoluteString, host: host, port: port, headers: headers,
                                      userAgent: configuration.userAgent, limits: limits) {
        case .success(let response): return response
        case .failure(.refused(let address)): throw FetchError.internalAddress(host: host, address: address)
        case .failure(.deadline):
            throw FetchError(kind: .timeout, message: "took longer than \(Self.seconds(configuration.deadline)) s, "
                + "the most one fetch may take (\(FetchError.location(url)))")
        case .failure(.stalled):
            throw FetchError(kind: .timeout, message: "no data for \(limits.stallSeconds) s (\(FetchError.location(url)))")
        case .failure(.tooLarge):
            throw FetchError(kind: .tooLarge, message: "feed is larger than \(configuration.maxBodyBytes) bytes")
        case .failure(.cancelled):
            throw FetchError(kind: .network, message: "fetch cancelled (\(FetchError.location(url)))")
        case .failure(.network(let detail)):
            throw FetchError(kind: .network, message: "\(detail) (\(FetchError.location(url)))")
        }
    }

    private func outcome(of response: TransferResponse, from url: URL, requested: URL,
                         permanentRedirect: URL?) throws(FetchError) -> FetchOutcome {
        switch response.status {
        case 200...299:
            let contentType = response.header("Content-Type")
            return .fetched(FetchedDocument(
                body: response.body,
                mediaType: contentType.map(ContentType.mediaType),
                charset: contentType.flatMap(ContentType.charset),
                etag: response.header("ETag"),
                lastModified: response.header("Last-Modified"),
                finalURL: url,
                permanentRedirect: permanentRedirect))
        case 304:
            return .notModified(permanentRedirect: permanentRedirect)
        case 401:
            // Credentials in the feed's URL went with the request: a refusal leaves nothing to retry with.
            let why = url.user == nil ? "the feed asks for a user and password" : "the feed refused the user and password in its URL"
            throw FetchError(kind: .httpStatus(401), message: "HTTP 401 from \(FetchError.location(url)): \(why)")
        default:
            throw FetchError(kind: .httpStatus(response.status), message: "HTTP \(response.status) from \(FetchError.location(requested))")
        }
    }

    /// The lower-case host of an absolute http(s) URL, IPv6 literals without brackets.
    static func fetchableHost(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Name resolution blocks: it runs on a thread of its own, not the cooperative pool.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// `Content-Type` pieces: the media type and its `charset` parameter.
enum ContentType {
    static func mediaType(_ header: String) -> String {
        String(header.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    static func charset(_ header: String) -> String? {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
            }
        }
        return nil
    }
}
