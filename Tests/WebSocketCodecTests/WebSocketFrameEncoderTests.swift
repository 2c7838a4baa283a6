import WebSocketCodec
import XCTest

/// Wire format of encoded frames, checked against RFC 6455 §5.7's byte-exact examples.
final class WebSocketFrameEncoderTests: XCTestCase {
    func testUnmaskedTextFrameMatchesRFCExample() {
        XCTAssertEqual(WebSocketFrameEncoder.encode(opcode: .text, payload: Array("Hello".utf8)),
                       [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    }

    func testMaskedTextFrameMatchesRFCExample() {
        XCTAssertEqual(Client.text("Hello"), [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    func testFragmentsMatchRFCExample() {
        XCTAssertEqual(WebSocketFrameEncoder.encode(opcode: .text, payload: Array("Hel".utf8), fin: false),
                       [0x01, 0x03, 0x48, 0x65, 0x6C])
        XCTAssertEqual(WebSocketFrameEncoder.encode(opcode: .continuation, payload: Array("lo".utf8)),
                       [0x80, 0x02, 0x6C, 0x6F])
    }

    func testPayloadOf256BytesUses16BitLength() {
        let frame = WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 7, count: 256))
        XCTAssertEqual(Array(frame.prefix(4)), [0x82, 0x7E, 0x01, 0x00])
        XCTAssertEqual(frame.count, 4 + 256)
    }

    func testPayloadOf64KiBUses64BitLength() {
        let frame = WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 7, count: 65536))
        XCTAssertEqual(Array(frame.prefix(10)), [0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00])
        XCTAssertEqual(frame.count, 10 + 65536)
    }

    func testLengthBoundariesBetweenEncodings() {
        XCTAssertEqual(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 125))[1], 125)
        XCTAssertEqual(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 126))[1], 126)
        XCTAssertEqual(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 65535))[1], 126)
    }

    func testMaskedLongPayloadRoundTripsThroughTheServer() {
        let payload = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frame = Client.frame(.binary, payload)
        XCTAssertEqual(Array(frame.prefix(2)), [0x82, 0xFF])
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(frame, inChunksOf: 4093), [.message(.binary(payload))])
    }
}
