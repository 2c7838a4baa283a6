/// The request line and header block of one request, as parsed.
public struct RequestHead: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as sent (path and query).
    public var target: String
    public var versionMajor: Int
    public var versionMinor: Int
    public var headers: HTTPHeaders
    /// What the client asked for (`Connection`, HTTP version); the server may still close.
    public var keepAlive: Bool
    /// Declared body length; nil when the body is chunked or absent.
    public var contentLength: Int?
    public var isChunked: Bool
    /// `Expect: 100-continue`: the client waits for a go-ahead before sending the body.
    public var expectsContinue: Bool
    /// The client asked to switch protocols (WebSocket); bytes after the head are not HTTP.
    public var isUpgrade: Bool

    public var path: Substring {
        target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[..<$0] } ?? Substring(target)
    }

    public var query: Substring? {
        target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[target.utf8.index(after: $0)...] }
    }
}
