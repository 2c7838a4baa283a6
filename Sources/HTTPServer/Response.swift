/// What a handler answers. The server adds `Content-Length` (or chunked framing), `Date`,
/// `Connection` and `X-Request-Id` itself.
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders {
        didSet { preparedHeaderLines = nil }
    }
    public var body: ResponseBody
    /// `headers` as written on the wire, checked once by `prepared()`; nil until then, or since
    /// `headers` last changed.
    private(set) var preparedHeaderLines: [UInt8]?

    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: ResponseBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func bytes(_ bytes: [UInt8], status: Int = 200, contentType: String) -> Response {
        Response(status: status, headers: ["Content-Type": contentType], body: .bytes(bytes))
    }

    public static func json(_ bytes: [UInt8], status: Int = 200) -> Response {
        .bytes(bytes, status: status, contentType: "application/json; charset=utf-8")
    }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> Response {
        .bytes(Array(text.utf8), status: status, contentType: contentType)
    }

    /// A status with no body at all (the contract's `DELETE` → 204 needs exactly that).
    public static func empty(_ status: Int = 204) -> Response { Response(status: status) }

    /// This response with its header lines checked and serialised now, once: a response built
    /// once and answered many times (a constant document, a cached answer) is then written
    /// without checking its headers on every answer. Changing `headers` afterwards undoes it.
    public func prepared() -> Response {
        var copy = self
        var lines: [UInt8] = []
        ResponseHead.appendHeaderLines(headers, to: &lines)
        copy.preparedHeaderLines = lines
        return copy
    }
}

public enum ResponseBody: Sendable {
    case bytes([UInt8])
    /// Produced over time with chunked framing; `write` waits while the client is behind.
    case stream(@Sendable (ResponseBodyWriter) async throws -> Void)
}

extension Response {
    /// A body produced piece by piece (chunked; close-delimited for HTTP/1.0 clients): a large
    /// download written page by page, never held whole. `write` waits while the client is
    /// behind. A producer that throws cuts the body short (no final chunk), so the client sees
    /// it incomplete rather than mistaking it for the whole document.
    public static func stream(status: Int = 200, contentType: String, headers: HTTPHeaders = HTTPHeaders(),
                              _ produce: @escaping @Sendable (ResponseBodyWriter) async throws -> Void) -> Response {
        var allHeaders = headers
        allHeaders.set("Content-Type", contentType)
        return Response(status: status, headers: allHeaders, body: .stream(produce))
    }
}

/// Hands chunks of a streamed body to the connection. Each `write` returns once the bytes are
/// queued and the connection's unsent data is under its high-water mark, so a slow client
/// slows the producer down instead of growing memory.
public struct ResponseBodyWriter: Sendable {
    let sink: @Sendable ([UInt8]) async throws -> Void
    public func write(_ bytes: [UInt8]) async throws { try await sink(bytes) }
    public func write(_ text: String) async throws { try await sink(Array(text.utf8)) }
}

/// An error the server core answers itself (404, 405, 413…); the configured `ErrorRenderer`
/// turns it into the API's envelope.
public struct HTTPError: Error, Sendable {
    public let status: Int
    public let code: String
    public let message: String
    public var headers: HTTPHeaders

    public init(status: Int, code: String, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    init(_ error: HTTPParseError) {
        self.init(status: error.status, code: error.code, message: error.message)
    }

    /// 404 for a path no route matches.
    static func routeNotFound(method: HTTPMethod, path: some StringProtocol) -> HTTPError {
        HTTPError(status: 404, code: "route.not_found", message: "No route for \(method) \(path)")
    }

    /// 405 with the `Allow` header listing the methods the path does support.
    static func methodNotAllowed(method: HTTPMethod, allowed: [HTTPMethod]) -> HTTPError {
        HTTPError(status: 405, code: "route.method_not_allowed", message: "\(method) is not allowed here",
                  headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")])
    }
}

/// Shapes core errors as the API's error body: each API has one envelope.
public protocol ErrorRenderer: Sendable {
    func render(_ error: HTTPError) -> Response
}

/// A plain JSON body `{"error": {"code", "message"}}`, for servers with no envelope of their own.
public struct PlainJSONErrorRenderer: ErrorRenderer {
    public init() {}
    public func render(_ error: HTTPError) -> Response {
        var response = Response.json(Array("{\"error\":{\"code\":\(JSONString.quote(error.code)),\"message\":\(JSONString.quote(error.message))}}".utf8),
                                     status: error.status)
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }
}

/// JSON string quoting for the core's own bodies and log values (the API toolkit owns general
/// JSON; the server core does not depend on it). One escaper serves both: `LogLine`'s.
enum JSONString {
    static func quote(_ s: String) -> String {
        var bytes: [UInt8] = []
        var out = ByteStager(appendingTo: &bytes, scratch: ByteStager.noScratch)
        LogLine.appendQuoted(s, to: &out)
        return String(decoding: out.finish(), as: UTF8.self)
    }
}
