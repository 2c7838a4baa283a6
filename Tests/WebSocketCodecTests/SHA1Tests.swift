@testable import WebSocketCodec
import XCTest

final class SHA1Tests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 0x0F, radix: 16) }.joined()
    }

    func testDigestOfAbcMatchesFIPS180() {
        XCTAssertEqual(hex(SHA1.digest(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    func testDigestOf448BitMessageMatchesFIPS180() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        XCTAssertEqual(hex(SHA1.digest(Array(message.utf8))), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    func testDigestOfOneMillionAMatchesFIPS180() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        XCTAssertEqual(hex(SHA1.digest(message)), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    func testDigestOfEmptyMessage() {
        XCTAssertEqual(hex(SHA1.digest([])), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    /// Lengths around the 56- and 64-byte points where padding spills into an extra block.
    func testDigestsAroundPaddingBoundaries() {
        let expected = [
            55: "c1c8bbdc22796e28c0e15163d20899b65621d65a",
            56: "c2db330f6083854c99d4b5bfb6e8f29f201be699",
            63: "03f09f5b158a7a8cdad920bddc29b81c18a551f5",
            64: "0098ba824b5c16427bd7a1122a5a442a25ec644d",
            65: "11655326c708d70319be2610e8a57d9a5b959d3b",
        ]
        for (length, digest) in expected {
            let message = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            XCTAssertEqual(hex(SHA1.digest(message)), digest, "length \(length)")
        }
    }
}
