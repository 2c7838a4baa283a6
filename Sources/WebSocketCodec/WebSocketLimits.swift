/// Per-connection bounds on what a client may make the server hold in memory.
///
/// Both are checked against the lengths a frame header declares, before any payload byte is
/// stored, so a hostile header alone cannot make the server allocate.
public struct WebSocketLimits: Sendable, Equatable {
    /// Largest payload accepted in a single frame, in bytes.
    public var maxFrameSize: Int
    /// Largest data message accepted once its fragments are put together, in bytes.
    public var maxMessageSize: Int

    public init(maxFrameSize: Int = 1 << 20, maxMessageSize: Int = 4 << 20) {
        self.maxFrameSize = maxFrameSize
        self.maxMessageSize = maxMessageSize
    }
}
