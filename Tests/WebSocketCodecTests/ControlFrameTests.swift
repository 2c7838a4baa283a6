import WebSocketCodec
import XCTest

final class ControlFrameTests: XCTestCase {
    private func pong(_ payload: [UInt8]) -> WebSocketEvent {
        .write(WebSocketFrameEncoder.encode(opcode: .pong, payload: payload))
    }

    func testPingIsAnsweredWithPongCarryingTheSamePayload() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.frame(.ping, [1, 2, 3]))
        XCTAssertEqual(events, [pong([1, 2, 3]), .ping([1, 2, 3])])
        guard case .write(let bytes) = events[0] else { return XCTFail("no pong") }
        XCTAssertEqual(ServerFrame(decoding: bytes), ServerFrame(decoding: [0x8A, 0x03, 1, 2, 3]))
    }

    func testMaximalAndEmptyPingsAreAnswered() {
        let largest = [UInt8](repeating: 0xAB, count: 125)
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.frame(.ping, largest) + Client.frame(.ping, []))
        XCTAssertEqual(events, [pong(largest), .ping(largest), pong([]), .ping([])])
    }

    func testPongIsReported() {
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(Client.frame(.pong, Array("beat".utf8))), [.pong(Array("beat".utf8))])
    }

    func testControlFramesInterleavedInFragmentedMessageLeaveItIntact() {
        let frames = Client.text("frag", fin: false) + Client.frame(.ping, [7])
            + Client.frame(.continuation, Array("men".utf8), fin: false) + Client.frame(.pong, [8])
            + Client.frame(.continuation, Array("ted".utf8))
        let expected: [WebSocketEvent] = [pong([7]), .ping([7]), .pong([8]), .message(.text("fragmented"))]
        var whole = WebSocketServerProtocol()
        XCTAssertEqual(whole.receive(frames), expected)
        var bytewise = WebSocketServerProtocol()
        XCTAssertEqual(bytewise.receive(frames, inChunksOf: 1), expected)
    }

    func testServerPingIsAnUnmaskedControlFrameCutTo125Bytes() {
        let connection = WebSocketServerProtocol()
        XCTAssertEqual(ServerFrame(decoding: connection.ping([5, 6])), ServerFrame(decoding: [0x89, 0x02, 5, 6]))
        XCTAssertEqual(ServerFrame(decoding: connection.ping())?.payload, [])
        XCTAssertEqual(ServerFrame(decoding: connection.ping([UInt8](repeating: 1, count: 200)))?.payload.count, 125)
    }

    /// §5.5.2: a ping must be answered until the client's Close arrives, even after ours went out.
    func testPingIsStillAnsweredWhileClosing() {
        var connection = WebSocketServerProtocol()
        _ = connection.close(code: .goingAway)
        XCTAssertEqual(connection.receive(Client.frame(.ping, [1])), [pong([1]), .ping([1])])
    }
}
