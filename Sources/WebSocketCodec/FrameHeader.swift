/// The fixed part of a client frame (RFC 6455 §5.2), everything before the payload.
struct FrameHeader: Sendable {
    let isFinal: Bool
    let opcode: WebSocketOpcode
    let payloadLength: Int
    /// The four masking-key bytes, big-endian, as they appeared on the wire.
    let maskKey: UInt32
}

/// How far the payload of the current frame has been read.
struct FrameProgress: Sendable {
    let header: FrameHeader
    var received = 0

    var remaining: Int { header.payloadLength - received }
}
