import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct FetchTaskResult: Sendable {
    var response: HTTPURLResponse?
    var body: [UInt8] = []
    var permanentRedirect: URL?
    var error: FetchError?
}

/// The session delegate: one entry per running task, holding its bytes (capped while they
/// arrive, so a huge feed is cut off rather than buffered), its redirect history and the
/// continuation its caller waits on. Delegate callbacks come from the session's queue; the
/// table is behind a lock, which is what makes the unchecked Sendable sound.
final class FetchTaskTable: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Entry {
        var result = FetchTaskResult()
        var redirects = 0
        /// Still following permanent redirects from the original URL.
        var permanentSoFar = true
        var continuation: CheckedContinuation<FetchTaskResult, Never>
    }
    private let entries = Mutex<[Int: Entry]>([:])
    private let maxBodyBytes: Int
    private let maxRedirects: Int
    private let isInternalHost: @Sendable (String) -> Bool

    init(maxBodyBytes: Int, maxRedirects: Int, isInternalHost: @escaping @Sendable (String) -> Bool) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.isInternalHost = isInternalHost
    }

    func run(_ task: URLSessionDataTask) async -> FetchTaskResult {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                entries.withLock { $0[task.taskIdentifier] = Entry(continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let declared = response.expectedContentLength
        let tooLarge = declared > Int64(maxBodyBytes)
        entries.withLock { table in
            table[dataTask.taskIdentifier]?.result.response = response as? HTTPURLResponse
            if tooLarge { table[dataTask.taskIdentifier]?.result.error = Self.tooLarge(maxBodyBytes) }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = entries.withLock { table -> Bool in
            guard var entry = table[dataTask.taskIdentifier] else { return false }
            guard entry.result.body.count + data.count <= maxBodyBytes else {
                entry.result.error = Self.tooLarge(maxBodyBytes)
                table[dataTask.taskIdentifier] = entry
                return true
            }
            entry.result.body.append(contentsOf: data)
            table[dataTask.taskIdentifier] = entry
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // Resolving blocks; this runs on the session's delegate queue, not the cooperative pool.
        let intoInternal = leadsInside(from: task.originalRequest?.url, to: request.url)
        let follow = entries.withLock { table -> Bool in
            guard var entry = table[task.taskIdentifier] else { return false }
            if let intoInternal {
                entry.result.error = FetchError(kind: .redirectToInternalAddress,
                                                message: "refused a redirect into the server's own network: \(intoInternal)")
                table[task.taskIdentifier] = entry
                return false
            }
            entry.redirects += 1
            let permanent = response.statusCode == 301 || response.statusCode == 308
            if entry.permanentSoFar && permanent {
                entry.result.permanentRedirect = request.url
            } else {
                entry.permanentSoFar = false
            }
            table[task.taskIdentifier] = entry
            return entry.redirects <= maxRedirects
        }
        completionHandler(follow ? request : nil)
    }

    /// The target's host when a redirect goes from an internet host to an internal one (DNS
    /// rebinding between this check and the connection remains possible; this stops the plain
    /// redirect). A feed the operator put on an internal address may redirect within it.
    private func leadsInside(from origin: URL?, to target: URL?) -> String? {
        guard let targetHost = target?.host, let originHost = origin?.host, targetHost != originHost else { return nil }
        guard isInternalHost(targetHost), !isInternalHost(originHost) else { return nil }
        return targetHost
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        var result = entry.result
        if result.error == nil, let error {
            result.error = Self.translate(error)
        }
        entry.continuation.resume(returning: result)
    }

    private static func tooLarge(_ limit: Int) -> FetchError {
        FetchError(kind: .tooLarge, message: "feed is larger than \(limit) bytes")
    }

    private static func translate(_ error: any Error) -> FetchError {
        let nsError = error as NSError
        switch nsError.code {
        case NSURLErrorTimedOut: return FetchError(kind: .timeout, message: "timed out")
        case NSURLErrorHTTPTooManyRedirects: return FetchError(kind: .tooManyRedirects, message: "too many redirects")
        default: return FetchError(kind: .network, message: nsError.localizedDescription)
        }
    }
}
