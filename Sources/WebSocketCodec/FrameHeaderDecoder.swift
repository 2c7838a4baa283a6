/// Collects the 6 to 14 header bytes of a client frame, which may arrive split across reads,
/// and rejects everything a header alone proves wrong.
///
/// Checks run as early as the bytes allow: the first two bytes are judged before the extended
/// length arrives, and the declared length before any payload is read, so a hostile client
/// learns it is wrong without ever making the server store its payload.
struct FrameHeaderDecoder: Sendable {
    private let maxFrameSize: Int
    /// Header bytes received so far for the frame being read; never more than 14.
    private var pending: [UInt8] = []

    init(maxFrameSize: Int) {
        self.maxFrameSize = maxFrameSize
        pending.reserveCapacity(14)
    }

    /// Takes header bytes from `input` starting at `offset` (advancing it) and returns the
    /// header once all of it has arrived, or nil if `input` ran out first.
    mutating func consume(
        _ input: UnsafeRawBufferPointer, offset: inout Int
    ) throws(ProtocolViolation) -> FrameHeader? {
        if pending.count < 2 {
            fill(upTo: 2, from: input, offset: &offset)
            guard pending.count == 2 else { return nil }
            try Self.checkLeadingBytes(pending[0], pending[1])
        }
        let headerSize = 2 + Self.extendedLengthSize(pending[1]) + 4
        fill(upTo: headerSize, from: input, offset: &offset)
        guard pending.count == headerSize else { return nil }
        let header = try decodeComplete()
        pending.removeAll(keepingCapacity: true)
        return header
    }

    private mutating func fill(upTo size: Int, from input: UnsafeRawBufferPointer, offset: inout Int) {
        let count = min(size - pending.count, input.count - offset)
        guard count > 0 else { return }
        pending.append(contentsOf: input[offset..<(offset + count)])
        offset += count
    }

    /// FIN/RSV/opcode and MASK/length-indicator rules of §5.2 and §5.5.
    private static func checkLeadingBytes(_ first: UInt8, _ second: UInt8) throws(ProtocolViolation) {
        guard first & 0x70 == 0 else {
            throw .protocolError("reserved bits set without a negotiated extension")
        }
        let opcode = WebSocketOpcode(rawValue: first)
        guard opcode.isDefined else { throw .protocolError("unknown \(opcode)") }
        guard second & 0x80 != 0 else { throw .protocolError("client frame is not masked") }
        if opcode.isControl {
            guard first & 0x80 != 0 else { throw .protocolError("fragmented control frame") }
            guard second & 0x7F <= 125 else { throw .protocolError("control frame payload over 125 bytes") }
        }
    }

    /// Bytes of extended payload length that follow the 7-bit indicator: 0, 2 or 8.
    private static func extendedLengthSize(_ second: UInt8) -> Int {
        switch second & 0x7F {
        case 126: 2
        case 127: 8
        default: 0
        }
    }

    private func decodeComplete() throws(ProtocolViolation) -> FrameHeader {
        let lengthEnd = 2 + Self.extendedLengthSize(pending[1])
        var declared = UInt64(pending[1] & 0x7F)
        if lengthEnd > 2 {
            declared = pending[2..<lengthEnd].reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard declared >> 63 == 0 else {
            throw .protocolError("64-bit payload length has its most significant bit set")
        }
        guard declared <= UInt64(maxFrameSize) else {
            throw .tooBig("frame of \(declared) bytes exceeds the \(maxFrameSize)-byte limit")
        }
        let maskKey = pending[lengthEnd..<(lengthEnd + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return FrameHeader(
            isFinal: pending[0] & 0x80 != 0, opcode: WebSocketOpcode(rawValue: pending[0]),
            payloadLength: Int(declared), maskKey: maskKey)
    }
}
