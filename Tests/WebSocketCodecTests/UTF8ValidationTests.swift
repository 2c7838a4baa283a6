import WebSocketCodec
import XCTest

final class UTF8ValidationTests: XCTestCase {
    func testOverlongEncodingFailsWith1007() {
        assertFails(Client.frame(.text, [0xC0, 0xAF]), with: .invalidPayloadData)
    }

    func testLoneSurrogateFailsWith1007() {
        assertFails(Client.frame(.text, [0x61, 0xED, 0xA0, 0x80]), with: .invalidPayloadData)
    }

    func testCodePointAboveU10FFFFFailsWith1007() {
        assertFails(Client.frame(.text, [0xF4, 0x90, 0x80, 0x80]), with: .invalidPayloadData)
    }

    func testStrayContinuationAndForbiddenBytesFailWith1007() {
        for bytes: [UInt8] in [[0x80], [0xC1, 0x81], [0xF5, 0x80, 0x80, 0x80], [0xFF]] {
            assertFails(Client.frame(.text, bytes), with: .invalidPayloadData)
        }
    }

    func testSequenceTruncatedAtMessageEndFailsWith1007() {
        assertFails(Client.frame(.text, [0x61, 0xE2, 0x82]), with: .invalidPayloadData)
        assertFails(Client.frame(.text, [0xE2], fin: false) + Client.frame(.continuation, [0x82]), with: .invalidPayloadData)
    }

    func testInvalidByteAfterLongASCIIRunFailsWith1007() {
        assertFails(Client.frame(.text, Array("0123456789abcdefghij".utf8) + [0xFE]), with: .invalidPayloadData)
    }

    /// Fail fast: the first fragment is already impossible, so the end of the message is not awaited.
    func testInvalidNonFinalFragmentFailsImmediately() {
        assertFails(Client.frame(.text, [0x61, 0xC0, 0xAF], fin: false), with: .invalidPayloadData)
    }

    /// Fail fast inside a frame: only the first bytes of a large payload have arrived.
    func testInvalidBytesFailBeforeTheRestOfTheFrameArrives() {
        let frame = Client.frame(.text, [0xED, 0xA0, 0x80] + [UInt8](repeating: 0x61, count: 500))
        var connection = WebSocketServerProtocol()
        assertFails(connection.receive(Array(frame.prefix(8 + 3))), with: .invalidPayloadData, state: connection.state)
    }

    func testCharacterSplitAcrossFragmentsIsAccepted() {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let frames = Client.frame(.text, [0x61, euro[0]], fin: false) + Client.frame(.continuation, [euro[1], euro[2]])
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(frames), [.message(.text("a€"))])
    }

    func testFourByteCharacterSplitOverThreeFragmentsAndReadsIsAccepted() {
        let emoji = Array("🙂".utf8)
        let frames = Client.frame(.text, [emoji[0]], fin: false) + Client.frame(.ping, [])
            + Client.frame(.continuation, [emoji[1], emoji[2]], fin: false) + Client.frame(.continuation, [emoji[3]])
        var connection = WebSocketServerProtocol()
        let events = connection.receive(frames, inChunksOf: 3)
        XCTAssertEqual(events.last, .message(.text("🙂")))
    }

    func testLongMixedScriptTextIsAccepted() {
        let text = String(repeating: "ASCII, ünïcödé, 日本語, 🙂🚀 ", count: 100)
        var connection = WebSocketServerProtocol()
        XCTAssertEqual(connection.receive(Client.text(text), inChunksOf: 17), [.message(.text(text))])
    }
}
