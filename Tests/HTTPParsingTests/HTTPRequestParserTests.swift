import XCTest
@testable import HTTPParsing

/// Drives the parser the way a connection does: feed, react to events, feed the rest.
private struct Driver {
    let parser: HTTPRequestParser
    var heads: [RequestHead] = []
    var bodies: [[UInt8]] = []

    init(limits: ParserLimits = ParserLimits()) { parser = HTTPRequestParser(limits: limits) }

    /// Feeds `text` in pieces of `chunk` bytes, parsing as far as each piece allows; returns the first error.
    mutating func feed(_ text: String, chunk: Int = .max) -> HTTPParseError? {
        let bytes = Array(text.utf8)
        var pending: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + chunk)
            pending += bytes[offset..<end]
            offset = end
            do {
                while true {
                    let step = try pending.withUnsafeBytes { try parser.parse($0) }
                    pending.removeFirst(step.consumed)
                    switch step.event {
                    case .head(let head): heads.append(head)
                    case .message(let body): bodies.append(body)
                    case .complete(let head): heads.append(head); bodies.append([])
                    case nil: break
                    }
                    if step.event == nil { break }
                }
            } catch { return error as? HTTPParseError ?? .malformed("\(error)") }
        } while offset < bytes.count
        return nil
    }
}

final class HTTPRequestParserTests: XCTestCase {
    func testSimpleGetYieldsHeadThenMessage() {
        var d = Driver()
        XCTAssertNil(d.feed("GET /stories?limit=5 HTTP/1.1\r\nHost: x\r\n\r\n"))
        XCTAssertEqual(d.heads.count, 1)
        XCTAssertEqual(d.heads[0].method, "GET")
        XCTAssertEqual(d.heads[0].path, "/stories")
        XCTAssertEqual(d.heads[0].query, "limit=5")
        XCTAssertTrue(d.heads[0].keepAlive)
        XCTAssertEqual(d.bodies, [[]])
    }

    func testEveryMethodTheParserKnowsKeepsItsName() {
        for name in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "PURGE"] {
            var d = Driver()
            XCTAssertNil(d.feed("\(name) /x HTTP/1.1\r\n\r\n"), name)
            XCTAssertEqual(d.heads.first?.method, HTTPMethod(rawValue: name))
        }
        var d = Driver()
        XCTAssertNil(d.feed("DELETE /x HTTP/1.1\r\n\r\n"))
        XCTAssertEqual(d.heads.first?.method, .delete)
    }

    func testPipelinedRequestsAreSeparatedInOrder() {
        var d = Driver()
        let two = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /c HTTP/1.1\r\n\r\n"
        XCTAssertNil(d.feed(two))
        XCTAssertEqual(d.heads.map(\.target), ["/a", "/b", "/c"])
        XCTAssertEqual(d.bodies.map { String(decoding: $0, as: UTF8.self) }, ["", "abc", ""])
    }

    func testByteByByteFeedingGivesTheSameResult() {
        var d = Driver()
        XCTAssertNil(d.feed("POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /c HTTP/1.1\r\n\r\n", chunk: 1))
        XCTAssertEqual(d.heads.map(\.target), ["/b", "/c"])
        XCTAssertEqual(d.bodies.first.map { String(decoding: $0, as: UTF8.self) }, "hello")
    }

    func testChunkedBodyIsReassembled() {
        var d = Driver()
        XCTAssertNil(d.feed("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", chunk: 7))
        XCTAssertTrue(d.heads[0].isChunked)
        XCTAssertEqual(d.bodies.first.map { String(decoding: $0, as: UTF8.self) }, "hello world")
    }

    func testHTTP10DefaultsToClose() {
        var d = Driver()
        XCTAssertNil(d.feed("GET / HTTP/1.0\r\n\r\n"))
        XCTAssertFalse(d.heads[0].keepAlive)
    }

    func testExpectContinueIsReported() {
        var d = Driver()
        XCTAssertNil(d.feed("POST /x HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"))
        XCTAssertTrue(d.heads[0].expectsContinue)
        XCTAssertEqual(d.heads[0].contentLength, 2)
        XCTAssertTrue(d.bodies.isEmpty)
    }

    func testContentLengthWithTransferEncodingIsRejected() {
        var d = Driver()
        let error = d.feed("POST /x HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        XCTAssertEqual(error?.status, 400)
        XCTAssertEqual(error?.code, "http.ambiguous_framing")
    }

    func testDuplicatedContentLengthIsRejectedEvenWhenEqual() {
        var d = Driver()
        XCTAssertEqual(d.feed("POST /x HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")?.code, "http.ambiguous_framing")
    }

    func testTransferEncodingOtherThanChunkedIsRejected() {
        for coding in ["gzip, chunked", "chunked, chunked", "xchunked"] {
            var d = Driver()
            XCTAssertEqual(d.feed("POST /x HTTP/1.1\r\nTransfer-Encoding: \(coding)\r\n\r\n0\r\n\r\n")?.status, 400, coding)
        }
    }

    func testObsoleteLineFoldingIsRejected() {
        var d = Driver()
        let error = d.feed("GET / HTTP/1.1\r\nX-A: one\r\n two\r\n\r\n", chunk: 3)
        XCTAssertEqual(error?.code, "http.ambiguous_framing")
    }

    func testHeaderBlockOver16KiBIs431() {
        var d = Driver()
        let big = String(repeating: "a", count: 17_000)
        XCTAssertEqual(d.feed("GET / HTTP/1.1\r\nX-Big: \(big)\r\n\r\n", chunk: 1000)?.status, 431)
    }

    func testHeaderBlockJustUnderTheLimitIsAccepted() {
        var d = Driver()
        let value = String(repeating: "a", count: 15_000)
        XCTAssertNil(d.feed("GET / HTTP/1.1\r\nX-Big: \(value)\r\n\r\n"))
        XCTAssertEqual(d.heads.first?.headers["x-big"]?.count, 15_000)
    }

    func testLongURIIs414() {
        var d = Driver()
        XCTAssertEqual(d.feed("GET /\(String(repeating: "p", count: 9000)) HTTP/1.1\r\n\r\n")?.status, 414)
    }

    func testTooManyHeaderFieldsIs431() {
        var d = Driver()
        let fields = (0..<150).map { "X-\($0): v\r\n" }.joined()
        XCTAssertEqual(d.feed("GET / HTTP/1.1\r\n\(fields)\r\n")?.status, 431)
    }

    func testBodyOverTheLimitIs413() {
        var d = Driver(limits: ParserLimits(defaultBodyBytes: 4))
        XCTAssertEqual(d.feed("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n9\r\n123456789\r\n0\r\n\r\n")?.status, 413)
    }

    func testGarbageIs400() {
        var d = Driver()
        XCTAssertEqual(d.feed("HELLO\r\n\r\n")?.status, 400)
    }

    func testHTTP2PrefaceIsNotAccepted() {
        var d = Driver()
        XCTAssertNotNil(d.feed("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"))
    }

    func testWebSocketUpgradeStopsAfterTheHead() {
        var d = Driver()
        XCTAssertNil(d.feed("GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"))
        XCTAssertTrue(d.heads[0].isUpgrade)
        XCTAssertEqual(d.bodies.count, 1)
    }

    func testHeaderLookupIsCaseInsensitive() {
        var d = Driver()
        XCTAssertNil(d.feed("GET / HTTP/1.1\r\ncontent-TYPE: application/json\r\n\r\n"))
        XCTAssertEqual(d.heads[0].headers["Content-Type"], "application/json")
    }

    /// RFC 9110 §5.5: whitespace around a field value is not part of it, before or after, also
    /// when the value arrives split across reads.
    func testWhitespaceAroundAFieldValueIsNotPartOfIt() {
        for chunk in [Int.max, 1] {
            var d = Driver()
            XCTAssertNil(d.feed("GET / HTTP/1.1\r\nIdempotency-Key: \t k1 \t \r\nAuthorization:   Bearer a b  \r\nX-Empty:  \r\nX-Bare:\r\nHost: x\r\n\r\n",
                                chunk: chunk))
            XCTAssertEqual(d.heads[0].headers["Idempotency-Key"], "k1")
            XCTAssertEqual(d.heads[0].headers["Authorization"], "Bearer a b", "inner whitespace stays")
            XCTAssertEqual(d.heads[0].headers["X-Empty"], "")
            XCTAssertEqual(d.heads[0].headers["X-Bare"], "")
            XCTAssertEqual(d.heads[0].headers["Host"], "x")
        }
    }

    func testNonASCIIRequestTargetIs400() {
        // Found by the fuzzer: raw UTF-8 in the target would also let it outgrow the URI limit once decoded.
        var d = Driver()
        XCTAssertEqual(d.feed("GET /w\u{C8}\u{D9} HTTP/1.1\r\n\r\n")?.status, 400)
    }

    // Shapes the Debian (non-strict) http-parser build accepts but a proxy may frame differently.

    func testChunkDataFollowedByAnythingButCRLFIsRejected() {
        var d = Driver()
        XCTAssertEqual(d.feed("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXX0\r\n\r\n")?.code, "http.ambiguous_framing")
    }

    func testBareLFInChunkExtensionIsRejected() {
        var d = Driver()
        XCTAssertEqual(d.feed("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;x\nZZZ\r\n0\r\n\r\n")?.status, 400)
    }

    func testChunkExtensionsAndTrailersInTheGrammarAreAccepted() {
        var d = Driver()
        XCTAssertNil(d.feed("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n", chunk: 3))
        XCTAssertEqual(d.bodies.first.map { String(decoding: $0, as: UTF8.self) }, "hello")
    }

    func testBareCarriageReturnInTheHeadIsRejected() {
        var d = Driver()
        XCTAssertEqual(d.feed("GET / HTTP/1.1\r\nX-A: 1\rX-B: 2\r\n\r\n")?.status, 400)
        var e = Driver()
        XCTAssertEqual(e.feed("POST / HTTP/1.1\r\nContent-Length: 1\r\n\rXY")?.code, "http.ambiguous_framing")
        var f = Driver()
        XCTAssertEqual(f.feed("GET / HTTP/1.1\r\nX-A: 1\r\n\rGET /next HTTP/1.1\r\n\r\n", chunk: 5)?.code, "http.ambiguous_framing")
    }

    func testConnectIsRefused() {
        var d = Driver()
        XCTAssertEqual(d.feed("CONNECT example.com:443 HTTP/1.1\r\nContent-Length: 20\r\n\r\n")?.status, 400)
    }

    func testChunkedOnHTTP10IsRejected() {
        var d = Driver()
        XCTAssertEqual(d.feed("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")?.code, "http.ambiguous_framing")
    }

    func testUpgradeRequestWithABodyIsRejected() {
        var d = Driver()
        XCTAssertEqual(d.feed("GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nContent-Length: 5\r\n\r\nhello")?.status, 400)
    }

    func testUnknownMethodIs501() {
        var d = Driver()
        let error = d.feed("QUERY /x HTTP/1.1\r\n\r\n")
        XCTAssertEqual(error?.status, 501)
        XCTAssertEqual(error?.code, "http.method_not_implemented")
    }
}
