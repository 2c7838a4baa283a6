import WebSocketCodec
import XCTest

final class ClosingHandshakeTests: XCTestCase {
    func testClientCloseIsEchoedWithItsCodeAndEndsTheConnection() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.close(code: 1001, reason: Array("bye".utf8)))
        XCTAssertEqual(events.count, 2)
        guard case .write(let bytes) = events[0], let echo = ServerFrame(decoding: bytes) else {
            return XCTFail("no close echo in \(events)")
        }
        XCTAssertEqual(echo.opcode, 0x8)
        XCTAssertEqual(echo.closeCode, 1001)
        XCTAssertEqual(events[1], .closed(code: 1001, reason: "bye"))
        XCTAssertEqual(connection.state, .closed)
    }

    func testPrivateUseCloseCodeIsEchoed() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.close(code: 4321))
        guard case .write(let bytes) = events.first else { return XCTFail("no echo") }
        XCTAssertEqual(ServerFrame(decoding: bytes)?.closeCode, 4321)
        XCTAssertEqual(events.last, .closed(code: 4321, reason: ""))
    }

    func testCloseWithoutStatusIsEchoedWith1000() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.frame(.close, []))
        guard case .write(let bytes) = events.first else { return XCTFail("no echo") }
        XCTAssertEqual(ServerFrame(decoding: bytes)?.closeCode, 1000)
        XCTAssertEqual(events.last, .closed(code: nil, reason: ""))
    }

    func testCloseInsideFragmentedMessageDropsThePartialMessage() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.text("half", fin: false) + Client.close(code: 1000))
        XCTAssertEqual(events.last, .closed(code: 1000, reason: ""))
        XCTAssertFalse(events.contains { if case .message = $0 { true } else { false } })
    }

    func testDataAfterCloseIsIgnored() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.close(code: 1000) + Client.text("ignored"))
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(connection.receive(Client.frame(.ping, [1])), [])
        XCTAssertEqual(connection.send(.text("late")), [])
        XCTAssertEqual(connection.ping(), [])
        XCTAssertEqual(connection.close(), [])
    }

    func testServerCloseWaitsForClientCloseWhichEndsItWithoutEcho() {
        var connection = WebSocketServerProtocol()
        let close = ServerFrame(decoding: connection.close(code: .goingAway, reason: "restarting"))
        XCTAssertEqual(close?.opcode, 0x8)
        XCTAssertEqual(close?.closeCode, 1001)
        XCTAssertEqual(close?.payload.dropFirst(2).map { $0 }, Array("restarting".utf8))
        XCTAssertEqual(connection.state, .closing)
        XCTAssertEqual(connection.close(), [], "only one Close may be sent")
        XCTAssertEqual(connection.send(.text("no more data")), [])

        // Messages the client sent before seeing our Close still arrive.
        XCTAssertEqual(connection.receive(Client.text("in flight")), [.message(.text("in flight"))])
        XCTAssertEqual(connection.receive(Client.close(code: 1001)), [.closed(code: 1001, reason: "")])
        XCTAssertEqual(connection.state, .closed)
    }

    func testCloseReasonIsCutTo123BytesOnACharacterBoundary() {
        var connection = WebSocketServerProtocol()
        let frame = ServerFrame(decoding: connection.close(code: .normalClosure, reason: String(repeating: "€", count: 60)))
        XCTAssertEqual(frame?.payload.count, 2 + 123)
        XCTAssertEqual(frame.flatMap { String(validating: $0.payload.dropFirst(2), as: UTF8.self) },
                       String(repeating: "€", count: 41))
    }

    func testCloseCodeNotAllowedOnTheWireIsSentWithoutStatus() {
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(ServerFrame(decoding: connection.close(code: 1006, reason: "abnormal")),
                       ServerFrame(decoding: [0x88, 0x00]))
    }
}
