import WebSocketCodec
import XCTest

final class MessageReceptionTests: XCTestCase {
    func testSingleMaskedTextFrameIsDelivered() {
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(Client.text("Hello")), [.message(.text("Hello"))])
        XCTAssertEqual(connection.state, .open)
    }

    func testSingleMaskedBinaryFrameIsDelivered() {
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(Client.frame(.binary, [0, 1, 2, 0xFF])), [.message(.binary([0, 1, 2, 0xFF]))])
    }

    func testEmptyMessagesAreDelivered() {
        var connection = WebSocketServerProtocol()
        let events = connection.receive(Client.text("") + Client.frame(.binary, []))
        XCTAssertEqual(events, [.message(.text("")), .message(.binary([]))])
    }

    func testFragmentedMessageIsReassembled() {
        var connection = WebSocketServerProtocol()
        let fragments = Client.text("Hel", fin: false) + Client.frame(.continuation, Array("lo".utf8), fin: false)
        XCTAssertEqual(connection.receive(fragments), [], "nothing is delivered before the final fragment")
        // An empty final fragment is legal and completes the message.
        XCTAssertEqual(connection.receive(Client.frame(.continuation, []) + Client.text("world")),
                       [.message(.text("Hello")), .message(.text("world"))])
    }

    func testFragmentedBinaryMessageIsReassembled() {
        var connection = WebSocketServerProtocol()
        let frames = Client.frame(.binary, [1, 2], fin: false) + Client.frame(.continuation, [3], fin: false)
            + Client.frame(.continuation, [4, 5])
        XCTAssertEqual(connection.receive(frames), [.message(.binary([1, 2, 3, 4, 5]))])
    }

    /// Every split point of headers, masks and payloads, including mid-mask-key and mid-length.
    func testByteByByteDeliveryGivesTheSameMessages() {
        let long = String(repeating: "é🙂x", count: 40)
        let stream = Client.text("Hello") + Client.frame(.binary, Array(0...255)) + Client.text("ab", fin: false)
            + Client.frame(.ping, [9]) + Client.frame(.continuation, Array(long.utf8))
        var connection = WebSocketServerProtocol()
        let events = connection.receive(stream, inChunksOf: 1)
        XCTAssertEqual(events, [
            .message(.text("Hello")), .message(.binary(Array(0...255))),
            .write(WebSocketFrameEncoder.encode(opcode: .pong, payload: [9])), .ping([9]),
            .message(.text("ab" + long)),
        ])
    }

    func testArbitraryChunkingGivesTheSameEventsAsOneRead() {
        let stream = (0..<30).flatMap { index in
            index % 3 == 0
                ? Client.frame(.binary, [UInt8](repeating: UInt8(index), count: index * 13))
                : Client.text(String(repeating: "ü", count: index), fin: true)
        }
        var whole = WebSocketServerProtocol()
        let expected = whole.receive(stream)
        XCTAssertEqual(expected.count, 30)
        for chunkSize in [2, 3, 5, 7, 64, 1000] {
            var connection = WebSocketServerProtocol()
            XCTAssertEqual(connection.receive(stream, inChunksOf: chunkSize), expected, "chunks of \(chunkSize)")
        }
    }

    func testRawBufferInputIsAccepted() {
        var connection = WebSocketServerProtocol()
        let events = Client.text("raw").withUnsafeBytes { connection.receive($0) }
        XCTAssertEqual(events, [.message(.text("raw"))])
    }

    func testSixteenBitLengthFrameIsDelivered() {
        let text = String(repeating: "0123456789", count: 20)
        let frame = Client.text(text)
        XCTAssertEqual(frame[1], 0x80 | 126)
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(frame), [.message(.text(text))])
    }

    /// RFC 6455 only asks senders for the minimal length encoding; a receiver may accept others.
    func testNonMinimalSixtyFourBitLengthIsAccepted() {
        let masked = Array(Client.text("Hello").suffix(9)) // mask key + masked payload
        let frame: [UInt8] = [0x81, 0x80 | 127, 0, 0, 0, 0, 0, 0, 0, 5] + masked
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(frame), [.message(.text("Hello"))])
    }

    /// Ten thousand frames in one read: the reader walks the input once, with no buffer shifting.
    func testManyFramesInOneReadAreAllDelivered() {
        let stream = (0..<10_000).flatMap { Client.frame(.binary, [UInt8(truncatingIfNeeded: $0)]) }
        var connection = WebSocketServerProtocol()
        let events = connection.receive(stream)
        XCTAssertEqual(events.count, 10_000)
        XCTAssertEqual(events.last, .message(.binary([UInt8(truncatingIfNeeded: 9_999)])))
    }

    func testSentMessagesAreUnmaskedFinalFrames() {
        let connection = WebSocketServerProtocol()
        XCTAssertEqual(ServerFrame(decoding: connection.send(.text("hé"))),
                       ServerFrame(decoding: [0x81, 0x03, 0x68, 0xC3, 0xA9]))
        let binary = ServerFrame(decoding: connection.send(.binary([UInt8](repeating: 1, count: 300))))
        XCTAssertEqual(binary?.opcode, 0x2)
        XCTAssertEqual(binary?.payload.count, 300)
    }
}
