import WebSocketCodec
import XCTest

/// Each RFC 6455 violation a client can commit, and the close code it must earn.
final class ProtocolErrorTests: XCTestCase {
    func testUnmaskedClientFrameFailsWith1002() {
        assertFails(WebSocketFrameEncoder.encode(opcode: .text, payload: Array("Hello".utf8)), with: .protocolError)
    }

    func testUnmaskedFrameIsRefusedFromItsFirstTwoBytes() {
        var connection = WebSocketServerProtocol()
        assertFails(connection.receive([0x81, 0x05]), with: .protocolError, state: connection.state)
    }

    func testEachReservedBitWithoutExtensionFailsWith1002() {
        for bit: UInt8 in [0x40, 0x20, 0x10] {
            var frame = Client.text("x")
            frame[0] |= bit
            assertFails(frame, with: .protocolError)
        }
    }

    func testEachUndefinedOpcodeFailsWith1002() {
        for opcode: UInt8 in [0x3, 0x4, 0x5, 0x6, 0x7, 0xB, 0xC, 0xD, 0xE, 0xF] {
            assertFails(Client.frame(WebSocketOpcode(rawValue: opcode), []), with: .protocolError)
        }
    }

    func testControlFrameOver125BytesFailsWith1002() {
        for opcode in [WebSocketOpcode.ping, .pong, .close] {
            assertFails(Client.frame(opcode, [UInt8](repeating: 0, count: 126)), with: .protocolError)
        }
    }

    func testFragmentedControlFrameFailsWith1002() {
        for opcode in [WebSocketOpcode.ping, .pong, .close] {
            assertFails(Client.frame(opcode, [], fin: false), with: .protocolError)
        }
    }

    func testContinuationWithoutStartedMessageFailsWith1002() {
        assertFails(Client.frame(.continuation, Array("lo".utf8)), with: .protocolError)
        // Also right after a complete message: the continuation has nothing left to continue.
        assertFailsAfter(.message(.text("done")), Client.text("done") + Client.frame(.continuation, []), with: .protocolError)
    }

    func testNewDataFrameDuringFragmentedMessageFailsWith1002() {
        assertFails(Client.text("Hel", fin: false) + Client.text("lo"), with: .protocolError)
        assertFails(Client.frame(.binary, [1], fin: false) + Client.frame(.binary, [2], fin: false), with: .protocolError)
    }

    func testSixtyFourBitLengthWithMostSignificantBitSetFailsWith1002() {
        let frame: [UInt8] = [0x82, 0x80 | 127, 0x80, 0, 0, 0, 0, 0, 0, 1, 0x37, 0xFA, 0x21, 0x3D]
        assertFails(frame, with: .protocolError)
    }

    func testCloseWithOneBytePayloadFailsWith1002() {
        assertFails(Client.frame(.close, [0x03]), with: .protocolError)
    }

    func testCloseCodesNotAllowedOnTheWireFailWith1002() {
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] {
            assertFails(Client.close(code: code), with: .protocolError)
        }
    }

    func testCloseReasonThatIsNotUTF8FailsWith1007() {
        assertFails(Client.close(code: 1000, reason: [0x68, 0xC0, 0xAF]), with: .invalidPayloadData)
    }

    func testErrorCloseFrameIsWrittenOnlyOnceAndLaterInputIsIgnored() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.frame(WebSocketOpcode(rawValue: 0x3), []) + Client.text("after"))
        assertFails(events, with: .protocolError, state: connection.state)
        XCTAssertEqual(connection.receive(Client.text("later")), [])
        XCTAssertEqual(connection.send(.text("late")), [])
    }

    /// Our Close is already out, so a violation while closing writes nothing more.
    func testViolationWhileClosingReportsErrorWithoutSecondCloseFrame() {
        var connection = WebSocketServerProtocol()
        _ = connection.close()
        let events = connection.receive(Client.frame(.continuation, []))
        XCTAssertEqual(events.count, 1)
        guard case .protocolError(.protocolError, _)? = events.first else { return XCTFail("got \(events)") }
        XCTAssertEqual(connection.state, .closed)
    }

    /// Like the free `assertFails`, for streams that legitimately produce one event before failing.
    private func assertFailsAfter(
        _ first: WebSocketEvent, _ bytes: [UInt8], with code: WebSocketCloseCode,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(bytes)
        XCTAssertEqual(events.first, first, file: file, line: line)
        assertFails(Array(events.dropFirst()), with: code, state: connection.state, file: file, line: line)
    }
}
