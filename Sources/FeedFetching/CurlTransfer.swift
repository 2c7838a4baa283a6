import CCurl
import Foundation
import Glibc
import Synchronization

/// One HTTP exchange as `CurlTransfer` ran it: the last response's status, headers and body.
struct TransferResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// What one request may do: where it connects and for how long, how much it may read.
struct TransferLimits: Sendable {
    /// The checked addresses of the URL's host: libcurl uses these instead of resolving the
    /// name again, and a connection to any other address is refused as it is opened.
    var pinned: [[UInt8]]
    var deadline: ContinuousClock.Instant
    var stallSeconds: Int
    var maxBodyBytes: Int
}

/// One HTTP request through libcurl's easy interface, on a thread of its own (the call
/// blocks). It never follows a redirect (the fetcher checks each hop first), never uses a
/// proxy from the environment, and opens sockets itself (`openSocket`), so the address of
/// every connection is one the fetcher checked. libcurl enforces the wall-clock deadline
/// (`CURLOPT_TIMEOUT_MS`), which also covers a server that trickles its answer.
final class CurlTransfer: Sendable {
    private struct State {
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        var overLimit = false
        var refusedAddress: [UInt8]?
    }
    private let state = Mutex(State())
    private let cancelled = Atomic<Bool>(false)
    private let limits: TransferLimits

    private static let initialized: Bool = curl_global_init(ccurl_global_all) == CURLE_OK

    private init(limits: TransferLimits) {
        self.limits = limits
    }

    /// Runs the request; cancelling the task aborts it within a fraction of a second.
    static func run(url: String, host: String, port: Int, headers: [String], userAgent: String,
                    limits: TransferLimits) async -> Result<TransferResponse, TransferFailure> {
        let transfer = CurlTransfer(limits: limits)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(returning: transfer.perform(url: url, host: host, port: port, headers: headers,
                                                                    userAgent: userAgent))
                }
            }
        } onCancel: {
            transfer.cancelled.store(true, ordering: .relaxed)
        }
    }

    enum TransferFailure: Error, Sendable {
        case deadline, stalled, tooLarge, cancelled
        case refused([UInt8])
        case network(String)
    }

    private func perform(url: String, host: String, port: Int, headers: [String],
                         userAgent: String) -> Result<TransferResponse, TransferFailure> {
        guard Self.initialized, let handle = curl_easy_init() else { return .failure(.network("libcurl could not start")) }
        defer { curl_easy_cleanup(handle) }
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorText.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for header in headers { headerList = curl_slist_append(headerList, header) }
        let bracketed = limits.pinned.map { $0.count == 16 ? "[\(InternalAddress.text($0))]" : InternalAddress.text($0) }
        let resolveList = curl_slist_append(nil, "\(host):\(port):\(bracketed.joined(separator: ","))")
        defer {
            curl_slist_free_all(headerList)
            curl_slist_free_all(resolveList)
        }
        let remainingMilliseconds = max(1, Int(((limits.deadline - ContinuousClock.now) / .milliseconds(1)).rounded(.up)))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let settings: [CURLcode] = [
            ccurl_set_pointer(handle, CURLOPT_URL, url),
            ccurl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_set_pointer(handle, CURLOPT_PROXY, ""),
            ccurl_set_pointer(handle, CURLOPT_RESOLVE, UnsafeRawPointer(resolveList)),
            ccurl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeRawPointer(headerList)),
            ccurl_set_pointer(handle, CURLOPT_USERAGENT, userAgent),
            ccurl_set_pointer(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate"),
            ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText),
            ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, remainingMilliseconds),
            ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(remainingMilliseconds, limits.stallSeconds * 1000)),
            ccurl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1),
            ccurl_set_long(handle, CURLOPT_LOW_SPEED_TIME, limits.stallSeconds),
            ccurl_set_long(handle, CURLOPT_MAXFILESIZE_LARGE, limits.maxBodyBytes),
            ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0),
            ccurl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, { data, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().received(data, size * count)
            }),
            ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context),
            ccurl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, { data, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receivedHeader(data, size * count)
            }),
            ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context),
            ccurl_set_opensocket_callback(handle) { context, purpose, address in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().openSocket(purpose: purpose, address!)
            },
            ccurl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context),
            ccurl_set_progress_callback(handle) { context, _, _, _, _ in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().cancelled.load(ordering: .relaxed) ? 1 : 0
            },
            ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context),
        ]
        if let failed = settings.first(where: { $0 != CURLE_OK }) {
            return .failure(.network("libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))"))
        }
        let started = ContinuousClock.now
        let code = curl_easy_perform(handle)
        // libcurl reports both timers as one code: a stall cannot fire before its window has
        // passed, and the deadline fires (within libcurl's timer slack) when its time is up.
        let deadlineFired = remainingMilliseconds <= limits.stallSeconds * 1000
            || ContinuousClock.now - started >= .milliseconds(remainingMilliseconds - 100)
        var status = 0
        _ = ccurl_response_code(handle, &status)
        return state.withLock { state in
            if let refused = state.refusedAddress { return .failure(.refused(refused)) }
            if state.overLimit { return .failure(.tooLarge) }
            switch code {
            case CURLE_OK:
                return .success(TransferResponse(status: status, headers: state.headers, body: state.body))
            case CURLE_FILESIZE_EXCEEDED: return .failure(.tooLarge)
            case CURLE_ABORTED_BY_CALLBACK: return .failure(.cancelled)
            case CURLE_OPERATION_TIMEDOUT: return .failure(deadlineFired ? .deadline : .stalled)
            default:
                let detail = errorText.pointee == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: errorText)
                return .failure(.network(detail))
            }
        }
    }

    private func received(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        state.withLock { state in
            guard state.body.count + count <= limits.maxBodyBytes else {
                state.overLimit = true
                return 0  // libcurl stops the transfer
            }
            if let data { data.withMemoryRebound(to: UInt8.self, capacity: count) { state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) } }
            return count
        }
    }

    /// Header lines of each response; a status line starts a new response (after `100 Continue`).
    private func receivedHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        state.withLock { state in
            if line.hasPrefix("HTTP/") {
                state.headers = []
            } else if let colon = line.firstIndex(of: ":") {
                state.headers.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                                      String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            }
        }
        return count
    }

    /// libcurl asks for each socket it connects: only to a pinned address the policy checked.
    private func openSocket(purpose: curlsocktype, _ address: UnsafeMutablePointer<curl_sockaddr>) -> Int32 {
        let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
        let socketAddress = (UnsafeRawPointer(address) + offset).assumingMemoryBound(to: sockaddr.self)
        guard purpose == CURLSOCKTYPE_IPCXN, let bytes = InternalAddress.bytes(of: socketAddress), limits.pinned.contains(bytes) else {
            state.withLock { $0.refusedAddress = InternalAddress.bytes(of: socketAddress) ?? [] }
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }
}
