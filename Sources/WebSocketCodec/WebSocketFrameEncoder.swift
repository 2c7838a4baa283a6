/// Builds WebSocket frames (RFC 6455 §5.2).
///
/// The server writes unmasked frames (`maskKey: nil`). Masked frames are what a client sends;
/// the encoder makes them too so that tests and the fuzz harness can speak as a client
/// through the same, tested code rather than hand-rolled byte arrays.
public enum WebSocketFrameEncoder {
    /// One frame carrying `payload`, with a 7-, 16- or 64-bit length as its size requires.
    /// Any opcode can be written, including reserved ones, since rejecting them is the reader's job.
    public static func encode(
        opcode: WebSocketOpcode, payload: some Collection<UInt8>, fin: Bool = true, maskKey: UInt32? = nil
    ) -> [UInt8] {
        let length = payload.count
        var frame: [UInt8] = []
        frame.reserveCapacity(14 + length)
        frame.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch length {
        case ..<126:
            frame.append(maskBit | UInt8(length))
        case ...0xFFFF:
            frame.append(maskBit | 126)
            appendBigEndian(UInt64(length), byteCount: 2, to: &frame)
        default:
            frame.append(maskBit | 127)
            appendBigEndian(UInt64(length), byteCount: 8, to: &frame)
        }
        guard let maskKey else {
            frame.append(contentsOf: payload)
            return frame
        }
        appendBigEndian(UInt64(maskKey), byteCount: 4, to: &frame)
        let payloadStart = frame.count
        frame.append(contentsOf: payload)
        frame.withUnsafeMutableBytes { bytes in
            FrameMasking.apply(key: maskKey, payloadOffset: 0, to: UnsafeMutableRawBufferPointer(rebasing: bytes[payloadStart...]))
        }
        return frame
    }

    /// A server Close frame: the status code then a UTF-8 reason cut to fit the 125-byte limit.
    ///
    /// Codes that may not appear on the wire (1005, 1006, 1015, …) produce a Close frame with
    /// no status at all, which is the closest legal way to say "no particular reason".
    static func closeFrame(code: WebSocketCloseCode, reason: String) -> [UInt8] {
        guard code.isAllowedOnWire else { return encode(opcode: .close, payload: []) }
        var payload: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(truncatingIfNeeded: code.rawValue)]
        var reasonLength = 0
        for scalar in reason.unicodeScalars {
            let width = UTF8.width(scalar)
            guard reasonLength + width <= 123 else { break }
            reasonLength += width
        }
        payload.append(contentsOf: reason.utf8.prefix(reasonLength))
        return encode(opcode: .close, payload: payload)
    }

    private static func appendBigEndian(_ value: UInt64, byteCount: Int, to frame: inout [UInt8]) {
        for index in (0..<byteCount).reversed() {
            frame.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index)))
        }
    }
}
