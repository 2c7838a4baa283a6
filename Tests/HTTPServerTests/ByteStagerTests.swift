import Foundation
import TestHTTPClients
import XCTest
@testable import HTTPServer

/// Response heads and access-log lines are staged through the loop's scratch area (`ByteStager`):
/// whatever the pieces' sizes against the area's, the bytes come out whole and in order.
final class ByteStagerTests: XCTestCase {
    func testPiecesOfEverySizeAgainstTheScratchAreaComeOutInOrder() {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { scratch.deallocate() }
        let pieces: [[UInt8]] = [Array("head".utf8), [], Array(repeating: 0x61, count: 15), Array("0123456789abcdefXYZ".utf8),
                                 [0x7A], Array(repeating: 0x62, count: 16), Array(repeating: 0x63, count: 40)]
        for area in [scratch, ByteStager.noScratch] {
            var destination = Array("kept:".utf8)
            var stager = ByteStager(appendingTo: &destination, scratch: area)
            for piece in pieces {
                stager.append(piece)
                stager.append(UInt8(ascii: "|"))
            }
            stager.appendDecimal(-9_876_543_210)
            stager.append(static: "!")
            stager.appendUTF8("déjà")
            let expected = Array("kept:".utf8) + pieces.flatMap { $0 + [UInt8(ascii: "|")] } + Array("-9876543210!déjà".utf8)
            XCTAssertEqual(stager.finish(), expected, "scratch of \(area.count) bytes")
        }
    }

    /// A path longer than the staging area and a user agent that needs escaping: the log line is
    /// still one JSON object with both values exact, and the response head carries a header
    /// longer than the area intact.
    func testLongAndEscapedValuesSurviveStaging() async throws {
        let long = String(repeating: "x", count: 5_000)
        let server = try TestServer { router in
            router.get("/{anything}") { _ in Response(headers: ["X-Long": long], body: .bytes(Array("ok".utf8))) }
        }
        let connection = try server.connect()
        connection.send("GET /\(long) HTTP/1.1\r\nUser-Agent: a \"quoted\"\tback\\slash\r\n\r\n")
        let response = connection.readResponses(1).first ?? ""
        await server.stop()
        XCTAssertTrue(response.contains("X-Long: \(long)\r\n"), String(response.prefix(300)))
        XCTAssertTrue(response.hasSuffix("\r\n\r\nok"), String(response.suffix(100)))
        let line = try XCTUnwrap(server.logs.contents.first { $0.contains("\"msg\":\"request\"") })
        XCTAssertTrue(line.contains(#""userAgent":"a \"quoted\"\tback\\slash""#), String(line.suffix(200)))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertTrue(object["path"] as? String == "/\(long)", "the logged path is not the request's")
        XCTAssertEqual(object["userAgent"] as? String, "a \"quoted\"\tback\\slash")
        XCTAssertEqual(object["bytes"] as? Int, 2)
    }
}
