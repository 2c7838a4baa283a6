/// The data message being received, which may span several frames with control frames between.
struct MessageAssembly: Sendable {
    enum Kind: Sendable {
        case text
        case binary
    }

    /// nil between messages, which is how a stray continuation frame is recognised.
    private(set) var kind: Kind?
    private var bytes: [UInt8] = []
    private var utf8 = UTF8StreamValidator()

    var isInProgress: Bool { kind != nil }
    var byteCount: Int { bytes.count }

    /// Starts a message. The buffer grows with what actually arrives instead of reserving the
    /// declared length, so a header that lies about its size costs the server nothing.
    mutating func begin(_ kind: Kind) {
        self.kind = kind
        bytes = []
        utf8 = UTF8StreamValidator()
    }

    /// Adds a masked chunk of payload, unmasking it in place and, for text, checking its UTF-8
    /// at once so an impossible byte fails the connection before more of the message is stored.
    mutating func append(
        _ chunk: UnsafeRawBufferPointer, maskKey: UInt32, payloadOffset: Int
    ) throws(ProtocolViolation) {
        let added = FrameMasking.appendUnmasked(chunk, key: maskKey, payloadOffset: payloadOffset, to: &bytes)
        guard kind == .text else { return }
        let valid = bytes.withUnsafeBytes { utf8.consume(UnsafeRawBufferPointer(rebasing: $0[added])) }
        guard valid else { throw .invalidUTF8("text message is not valid UTF-8") }
    }

    /// Hands over the finished message and gets ready for the next one.
    mutating func finish() throws(ProtocolViolation) -> WebSocketMessage {
        defer { self = MessageAssembly() }
        guard kind == .text else { return .binary(bytes) }
        guard utf8.isAtCharacterBoundary else { throw .invalidUTF8("text message ends inside a UTF-8 sequence") }
        // Already validated byte by byte, so decoding cannot substitute replacement characters.
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
