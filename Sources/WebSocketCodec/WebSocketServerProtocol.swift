/// The server side of one WebSocket connection (RFC 6455), as a state machine without I/O.
///
/// The HTTP server owns the socket: it passes every byte read from the client to `receive`
/// and writes out every byte array this type hands back, in order. Keeping sockets out makes
/// the protocol rules testable byte by byte and fuzzable in-process.
public struct WebSocketServerProtocol: Sendable {
    public enum State: Sendable, Equatable {
        /// Messages flow both ways.
        case open
        /// We sent a Close frame and are waiting for the client's.
        case closing
        /// The closing handshake finished or the client broke the protocol; input is ignored.
        case closed
    }

    public internal(set) var state: State = .open

    let limits: WebSocketLimits
    var headerDecoder: FrameHeaderDecoder
    /// The frame whose payload is being read; nil while waiting for a header.
    var currentFrame: FrameProgress?
    var assembly = MessageAssembly()
    /// Payload of the control frame being read; at most 125 bytes (§5.5).
    var controlPayload: [UInt8] = []

    public init(limits: WebSocketLimits = WebSocketLimits()) {
        self.limits = limits
        headerDecoder = FrameHeaderDecoder(maxFrameSize: limits.maxFrameSize)
    }

    /// The frame carrying `message`, or no bytes once a Close was sent or received:
    /// §5.5.1 forbids data frames after our Close, and after theirs nobody is listening.
    public func send(_ message: WebSocketMessage) -> [UInt8] {
        guard state == .open else { return [] }
        switch message {
        case .text(let text): return WebSocketFrameEncoder.encode(opcode: .text, payload: text.utf8)
        case .binary(let bytes): return WebSocketFrameEncoder.encode(opcode: .binary, payload: bytes)
        }
    }

    /// A Ping frame (a keep-alive or liveness probe); the client's answer arrives as `.pong`.
    /// Only the first 125 bytes of `payload` are sent, the most a control frame can hold.
    public func ping(_ payload: [UInt8] = []) -> [UInt8] {
        guard state == .open else { return [] }
        return WebSocketFrameEncoder.encode(opcode: .ping, payload: payload.prefix(125))
    }
}
