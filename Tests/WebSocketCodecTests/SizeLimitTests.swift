import WebSocketCodec
import XCTest

/// Oversize frames and messages are refused from their header, before any payload arrives.
final class SizeLimitTests: XCTestCase {
    private let limits = WebSocketLimits(maxFrameSize: 1000, maxMessageSize: 2500)

    /// The header of a masked client frame announcing `length` bytes, without its payload.
    private func header(_ opcode: WebSocketOpcode, length: Int, fin: Bool = true) -> [UInt8] {
        let whole = WebSocketFrameEncoder.encode(
            opcode: opcode, payload: [UInt8](repeating: 0, count: length), fin: fin, maskKey: Client.maskKey)
        return Array(whole.dropLast(length))
    }

    func testOversizeFrameFailsWith1009FromItsHeaderAlone() {
        var connection = WebSocketServerProtocol(limits: limits)
        assertFails(connection.receive(header(.binary, length: 1001)), with: .messageTooBig, state: connection.state)
    }

    func testHugeDeclaredLengthFailsWith1009WithoutAllocating() {
        let frame: [UInt8] = [0x82, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x37, 0xFA, 0x21, 0x3D] // 2^62 bytes
        assertFails(frame, with: .messageTooBig, limits: limits)
    }

    func testFrameAtTheLimitIsAccepted() {
        var connection = WebSocketServerProtocol(limits: limits)
        let payload = [UInt8](repeating: 3, count: 1000)
        XCTAssertEqual(connection.receive(Client.frame(.binary, payload)), [.message(.binary(payload))])
    }

    func testOversizeAssembledMessageFailsWith1009FromTheOffendingFragmentHeader() {
        var connection = WebSocketServerProtocol(limits: limits)
        let fragments = Client.frame(.binary, [UInt8](repeating: 1, count: 1000), fin: false)
            + Client.frame(.continuation, [UInt8](repeating: 2, count: 1000), fin: false)
        XCTAssertEqual(connection.receive(fragments), [])
        let events = connection.receive(header(.continuation, length: 501))
        assertFails(events, with: .messageTooBig, state: connection.state)
    }

    func testAssembledMessageAtTheLimitIsAccepted() {
        var connection = WebSocketServerProtocol(limits: limits)
        let frames = Client.frame(.binary, [UInt8](repeating: 1, count: 1000), fin: false)
            + Client.frame(.continuation, [UInt8](repeating: 1, count: 1000), fin: false)
            + Client.frame(.continuation, [UInt8](repeating: 1, count: 500))
        XCTAssertEqual(connection.receive(frames), [.message(.binary([UInt8](repeating: 1, count: 2500)))])
    }

    func testLimitCountsEachMessageSeparately() {
        var connection = WebSocketServerProtocol(limits: limits)
        let message = [UInt8](repeating: 9, count: 1000)
        let frames = (0..<5).flatMap { _ in Client.frame(.binary, message) }
        XCTAssertEqual(connection.receive(frames).count, 5)
    }
}
