/// What `WebSocketServerProtocol.receive` found in the bytes it was given, in wire order.
///
/// The protocol never touches the socket, so anything it must send comes back as `.write`,
/// always before the event that explains it; the server flushes writes in the order given.
public enum WebSocketEvent: Sendable, Equatable {
    /// A complete data message.
    case message(WebSocketMessage)
    /// The client pinged us; the matching pong was already emitted as the preceding `.write`.
    case ping([UInt8])
    /// The client answered one of our pings (or sent an unsolicited heartbeat, which §5.5.3 allows).
    case pong([UInt8])
    /// Bytes the server must send to the client: automatic pongs, close echoes, error closes.
    case write([UInt8])
    /// The closing handshake completed. Flush pending writes, then close the TCP connection.
    /// `code` is nil when the client's Close frame carried no status code.
    case closed(code: UInt16?, reason: String)
    /// The client broke RFC 6455. The Close frame carrying `code` was emitted as the preceding
    /// `.write` (unless we had already sent ours); flush it, then close the TCP connection.
    case protocolError(WebSocketCloseCode, String)
}
