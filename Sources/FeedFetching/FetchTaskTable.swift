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
    private let resolve: @Sendable (String) -> [[UInt8]]

    init(maxBodyBytes: Int, maxRedirects: Int, resolve: @escaping @Sendable (String) -> [[UInt8]]) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.resolve = resolve
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
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // Resolving blocks, and the session's delegate queue serves every fetch in flight: the
        // decision is made on a queue of its own and answered from there.
        let (origin, target, taskID) = (task.originalRequest?.url, request.url, task.taskIdentifier)
        let permanent = response.statusCode == 301 || response.statusCode == 308
        DispatchQueue.global(qos: .utility).async {
            let refusal = self.refusedRedirect(from: origin, to: target)
            let follow = self.entries.withLock { table -> Bool in
                guard var entry = table[taskID] else { return false }
                defer { table[taskID] = entry }
                if let refusal {
                    entry.result.error = FetchError(kind: .redirectToInternalAddress,
                                                    message: "refused a redirect into the server's own network: \(refusal)")
                    return false
                }
                entry.redirects += 1
                if entry.permanentSoFar && permanent {
                    entry.result.permanentRedirect = target
                } else {
                    entry.permanentSoFar = false
                }
                return entry.redirects <= self.maxRedirects
            }
            completionHandler(follow ? request : nil)
        }
    }

    /// The target's host when a redirect may not be followed: the target has an internal
    /// address (or none), and the feed the operator subscribed to (`origin`) is not entirely
    /// inside the network. Its own host is not re-checked (DNS that changes between checks and
    /// connections is not covered; see `InternalAddress`).
    private func refusedRedirect(from origin: URL?, to target: URL?) -> String? {
        guard let targetHost = target?.host else { return "(no host)" }
        guard targetHost != origin?.host else { return nil }
        let targetAddresses = resolve(targetHost)
        guard targetAddresses.isEmpty || targetAddresses.contains(where: InternalAddress.contains) else { return nil }
        let originAddresses = origin?.host.map(resolve) ?? []
        let originInside = !originAddresses.isEmpty && originAddresses.allSatisfy(InternalAddress.contains)
        return originInside ? nil : targetHost
    }

    /// A feed that answers 401 with a `WWW-Authenticate` challenge fails with its status at once.
    /// Why this method exists: FoundationNetworking on Linux suspends a task whose challenge no
    /// credential answers, and the task then waits forever (no timeout fires), holding its
    /// host's fetch slot; swift-corelibs-foundation#5456. Credentials in the feed's URL are sent
    /// with the first request, so a challenge means they are missing or refused: there is
    /// nothing to retry with.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard let refusal = challenge.failureResponse as? HTTPURLResponse else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        let url = task.originalRequest?.url
        let why = url?.user == nil ? "the feed asks for a user and password" : "the feed refused the user and password in its URL"
        let error = FetchError(kind: .httpStatus(refusal.statusCode),
                               message: "HTTP \(refusal.statusCode) from \(url.map(FetchError.location) ?? ""): \(why)")
        entries.withLock { $0[task.taskIdentifier]?.result.error = error }
        completionHandler(.cancelAuthenticationChallenge, nil)
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
