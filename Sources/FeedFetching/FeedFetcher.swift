import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches feeds over HTTP(S) with FoundationNetworking: conditional GET (ETag/Last-Modified,
/// 304), compressed transfer, a timeout, a body-size cap enforced while downloading, redirects
/// (permanent ones reported so the stored URL can move), a descriptive User-Agent, and a cap on
/// concurrent fetches per host.
public final class FeedFetcher: Sendable {
    public let configuration: FetcherConfiguration
    private let session: URLSession
    private let tasks: FetchTaskTable
    private let limiter: ConcurrencyLimiter

    public init(configuration: FetcherConfiguration = FetcherConfiguration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil  // validators are ours to keep, per subscription
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout * 2
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.perHostConcurrency
        sessionConfiguration.httpAdditionalHeaders = [
            "User-Agent": configuration.userAgent,
            "Accept": "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
            "Accept-Encoding": "gzip, deflate",
        ]
        tasks = FetchTaskTable(maxBodyBytes: configuration.maxBodyBytes, maxRedirects: configuration.maxRedirects,
                               resolve: configuration.resolve)
        session = URLSession(configuration: sessionConfiguration, delegate: tasks, delegateQueue: nil)
        limiter = ConcurrencyLimiter(perHost: configuration.perHostConcurrency, total: configuration.totalConcurrency)
    }

    deinit { session.invalidateAndCancel() }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchOutcome {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = request.url.host?.lowercased() else {
            throw FetchError(kind: .invalidURL, message: "only http and https URLs can be fetched: \(FetchError.location(request.url))")
        }
        await limiter.acquire(host: host)
        defer { limiter.release(host: host) }

        var urlRequest = URLRequest(url: request.url)
        if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = request.lastModified { urlRequest.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let result = await tasks.run(session.dataTask(with: urlRequest))
        return try Self.outcome(of: result, requested: request.url)
    }

    private static func outcome(of result: FetchTaskResult, requested: URL) throws(FetchError) -> FetchOutcome {
        if let error = result.error { throw error }
        guard let response = result.response else {
            throw FetchError(kind: .network, message: "no response from \(requested.host ?? "")")
        }
        switch response.statusCode {
        case 200...299:
            let contentType = response.value(forHTTPHeaderField: "Content-Type")
            return .fetched(FetchedDocument(
                body: result.body,
                mediaType: contentType.map(ContentType.mediaType),
                charset: contentType.flatMap(ContentType.charset),
                etag: response.value(forHTTPHeaderField: "ETag"),
                lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
                finalURL: response.url ?? requested,
                permanentRedirect: result.permanentRedirect))
        case 304:
            return .notModified(permanentRedirect: result.permanentRedirect)
        case 300...399:
            throw FetchError(kind: .tooManyRedirects, message: "too many redirects from \(FetchError.location(requested))")
        default:
            throw FetchError(kind: .httpStatus(response.statusCode), message: "HTTP \(response.statusCode) from \(FetchError.location(requested))")
        }
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
