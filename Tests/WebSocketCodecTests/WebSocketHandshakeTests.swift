import WebSocketCodec
import XCTest

final class WebSocketHandshakeTests: XCTestCase {
    private let validHeaders: [(name: String, value: String)] = [
        ("Host", "example.com"),
        ("Upgrade", "websocket"),
        ("Connection", "Upgrade"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("Sec-WebSocket-Version", "13"),
    ]

    private func replacing(_ name: String, with value: String?) -> [(name: String, value: String)] {
        var headers = validHeaders.filter { $0.name != name }
        if let value { headers.append((name, value)) }
        return headers
    }

    private func rejection(_ headers: [(name: String, value: String)], method: String = "GET") -> WebSocketHandshakeError? {
        do throws(WebSocketHandshakeError) {
            _ = try WebSocketHandshake.validate(method: method, headers: headers)
            return nil
        } catch {
            return error
        }
    }

    func testAcceptValueMatchesRFC6455Example() {
        XCTAssertEqual(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func testValidRequestYieldsAcceptValue() throws {
        XCTAssertEqual(try WebSocketHandshake.validate(method: "GET", headers: validHeaders), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func testHeaderNamesAndTokensAreCaseInsensitiveAndConnectionIsAList() throws {
        let headers: [(name: String, value: String)] = [
            ("upgrade", "WebSocket"),
            ("CONNECTION", "keep-alive"),
            ("connection", " keep-alive ,  UPGRADE "),
            ("sec-websocket-key", " dGhlIHNhbXBsZSBub25jZQ== "),
            ("SEC-WEBSOCKET-VERSION", " 13"),
        ]
        XCTAssertEqual(try WebSocketHandshake.validate(method: "GET", headers: headers), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func testNonGetMethodIsRefusedWith400() {
        XCTAssertEqual(rejection(validHeaders, method: "POST"), .methodNotGet("POST"))
        XCTAssertEqual(WebSocketHandshakeError.methodNotGet("POST").httpStatus, 400)
    }

    func testUpgradeHeaderMustNameWebSocket() {
        XCTAssertEqual(rejection(replacing("Upgrade", with: nil)), .missingUpgradeWebSocket)
        XCTAssertEqual(rejection(replacing("Upgrade", with: "h2c")), .missingUpgradeWebSocket)
    }

    func testConnectionHeaderMustContainUpgradeToken() {
        XCTAssertEqual(rejection(replacing("Connection", with: nil)), .missingConnectionUpgrade)
        XCTAssertEqual(rejection(replacing("Connection", with: "keep-alive, upgraded")), .missingConnectionUpgrade)
    }

    func testWrongVersionIsRefusedWith426NamingVersion13() {
        let error = rejection(replacing("Sec-WebSocket-Version", with: "8"))
        XCTAssertEqual(error, .unsupportedVersion("8"))
        XCTAssertEqual(error?.httpStatus, 426)
        XCTAssertEqual(error?.responseHeaders.map(\.name), ["Sec-WebSocket-Version"])
        XCTAssertEqual(error?.responseHeaders.map(\.value), ["13"])
        XCTAssertEqual(rejection(replacing("Sec-WebSocket-Version", with: nil)), .unsupportedVersion(nil))
    }

    func testKeyMustBePresentOnceAndDecodeToSixteenBytes() {
        XCTAssertEqual(rejection(replacing("Sec-WebSocket-Key", with: nil)), .missingKey)
        XCTAssertEqual(rejection(validHeaders + [("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")]), .repeatedKey)
        // 15 bytes of base64, then not base64 at all.
        XCTAssertEqual(rejection(replacing("Sec-WebSocket-Key", with: "dGhlIHNhbXBsZSBub25j")), .malformedKey("dGhlIHNhbXBsZSBub25j"))
        XCTAssertEqual(rejection(replacing("Sec-WebSocket-Key", with: "not a key!")), .malformedKey("not a key!"))
        XCTAssertEqual(rejection(replacing("Sec-WebSocket-Key", with: "")), .malformedKey(""))
    }

    func testErrorsDescribeWhatIsWrong() {
        XCTAssertTrue(WebSocketHandshakeError.missingKey.description.contains("Sec-WebSocket-Key"))
        XCTAssertTrue(WebSocketHandshakeError.unsupportedVersion("8").description.contains("8"))
        XCTAssertEqual(WebSocketHandshakeError.missingKey.responseHeaders.count, 0)
    }

    func testSwitchingProtocolsHeadersCarryTheAcceptValue() {
        let headers = WebSocketHandshake.switchingProtocolsHeaders(accept: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        XCTAssertEqual(headers.map(\.name), ["Upgrade", "Connection", "Sec-WebSocket-Accept"])
        XCTAssertEqual(headers.map(\.value), ["websocket", "Upgrade", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="])
    }
}
