import Foundation

/// Everything about the server that an operator may tune. Defaults suit a small deployment.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0 picks a free port (tests read it back from `HTTPServer.port`).
    public var port: Int = 8080
    /// One event loop per core.
    public var eventLoops: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var limits = ParserLimits()
    /// Beyond this many open connections, new ones get 503 and are closed.
    public var maxConnections: Int = 20_000
    /// Request body bytes held at once by the whole process → 503 `server.busy` beyond it.
    public var maxBodyBytesInFlight: Int = 64 << 20
    /// Request body bytes held at once for one client address → 429 `http.too_many_uploads`.
    public var maxBodyBytesInFlightPerAddress: Int = 16 << 20
    /// Seconds a client may take to send a whole request head (slowloris guard) → 408.
    public var headTimeout: Double = 10
    /// Seconds without any byte while a request body is arriving → 408.
    public var bodyReadTimeout: Double = 30
    /// Seconds a whole request may take to arrive, however steadily it trickles in → 408.
    public var requestTimeout: Double = 300
    /// Seconds a kept-alive connection may sit idle between requests.
    public var idleTimeout: Double = 75
    /// Seconds without write progress before a stuck reader is dropped.
    public var writeTimeout: Double = 30
    /// Unsent bytes at which streaming producers wait (SSE) and broadcasts drop the client (WebSocket).
    public var outboundHighWater: Int = 256 * 1024
    /// Seconds in-flight requests get to finish after SIGTERM before connections are cut.
    public var shutdownGracePeriod: Double = 10
    public var webSocketMaxFrameBytes: Int = 1 << 20
    public var webSocketMaxMessageBytes: Int = 4 << 20
    public var serverName: String = "backends"

    public init() {}
}
