import WebSocketCodec
import XCTest

/// Client frames as a browser would send them: masked, built with the module's encoder.
enum Client {
    /// The masking key from RFC 6455 §5.7's examples.
    static let maskKey: UInt32 = 0x37FA_213D

    static func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        WebSocketFrameEncoder.encode(opcode: opcode, payload: payload, fin: fin, maskKey: maskKey)
    }

    static func text(_ text: String, fin: Bool = true) -> [UInt8] {
        frame(.text, Array(text.utf8), fin: fin)
    }

    static func close(code: UInt16, reason: [UInt8] = []) -> [UInt8] {
        frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + reason)
    }
}

/// One frame the server wrote, decoded here independently of the codec (whose reader only
/// accepts masked frames), so tests check the wire format rather than the codec against itself.
struct ServerFrame: Equatable {
    let isFinal: Bool
    let opcode: UInt8
    let payload: [UInt8]

    /// nil unless `bytes` is exactly one well-formed unmasked frame.
    init?(decoding bytes: [UInt8]) {
        guard bytes.count >= 2, bytes[0] & 0x70 == 0, bytes[1] & 0x80 == 0 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var start = 2
        if length == 126 || length == 127 {
            start += length == 126 ? 2 : 8
            guard bytes.count >= start else { return nil }
            length = bytes[2..<start].reduce(0) { $0 << 8 | Int($1) }
        }
        guard bytes.count == start + length else { return nil }
        isFinal = bytes[0] & 0x80 != 0
        opcode = bytes[0] & 0x0F
        payload = Array(bytes[start...])
    }

    var closeCode: UInt16? {
        payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
    }
}

extension WebSocketServerProtocol {
    /// Feeds `bytes` in pieces of `size`, the way a socket may deliver them.
    mutating func receive(_ bytes: [UInt8], inChunksOf size: Int) -> [WebSocketEvent] {
        stride(from: 0, to: bytes.count, by: size).flatMap { start in
            receive(bytes[start..<min(start + size, bytes.count)])
        }
    }
}

/// Asserts the connection failed with `code`: a Close frame with that code to write, then
/// `.protocolError`, and the state machine closed.
func assertFails(
    _ events: [WebSocketEvent], with code: WebSocketCloseCode, state: WebSocketServerProtocol.State,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(events.count, 2, "events: \(events)", file: file, line: line)
    guard case .write(let bytes)? = events.first, let close = ServerFrame(decoding: bytes) else {
        return XCTFail("expected a close frame to write first, got \(events)", file: file, line: line)
    }
    XCTAssertEqual(close.opcode, 0x8, file: file, line: line)
    XCTAssertTrue(close.isFinal, file: file, line: line)
    XCTAssertEqual(close.closeCode, code.rawValue, file: file, line: line)
    XCTAssertNotNil(String(validating: close.payload.dropFirst(2), as: UTF8.self), file: file, line: line)
    guard case .protocolError(let reported, _)? = events.last else {
        return XCTFail("expected .protocolError last, got \(events)", file: file, line: line)
    }
    XCTAssertEqual(reported, code, file: file, line: line)
    XCTAssertEqual(state, .closed, file: file, line: line)
}

/// Feeds `bytes` to a fresh connection and asserts it fails with `code`.
func assertFails(
    _ bytes: [UInt8], with code: WebSocketCloseCode, limits: WebSocketLimits = WebSocketLimits(),
    file: StaticString = #filePath, line: UInt = #line
) {
    var connection = WebSocketServerProtocol(limits: limits)
    let events = connection.receive(bytes)
    assertFails(events, with: code, state: connection.state, file: file, line: line)
}
