/// Why an upgrade request was refused, with the HTTP answer RFC 6455 §4.2.2 asks for.
public enum WebSocketHandshakeError: Error, Equatable, Sendable, CustomStringConvertible {
    case methodNotGet(String)
    case missingUpgradeWebSocket
    case missingConnectionUpgrade
    /// The client asked for another protocol version (nil: it sent no `Sec-WebSocket-Version`).
    case unsupportedVersion(String?)
    case missingKey
    case repeatedKey
    /// The key is not the base64 encoding of exactly 16 bytes.
    case malformedKey(String)

    /// 426 tells the client which version to retry with; everything else is a malformed request.
    public var httpStatus: Int {
        if case .unsupportedVersion = self { return 426 }
        return 400
    }

    /// Extra headers the refusal must carry: the supported version with a 426 (RFC 6455 §4.4).
    public var responseHeaders: [(name: String, value: String)] {
        if case .unsupportedVersion = self { return [("Sec-WebSocket-Version", WebSocketHandshake.supportedVersion)] }
        return []
    }

    public var description: String {
        switch self {
        case .methodNotGet(let method): "WebSocket upgrade requires GET, got \(method)"
        case .missingUpgradeWebSocket: "Upgrade header does not contain websocket"
        case .missingConnectionUpgrade: "Connection header does not contain the upgrade token"
        case .unsupportedVersion(nil): "Sec-WebSocket-Version header is missing (13 is required)"
        case .unsupportedVersion(let version?): "Sec-WebSocket-Version \(version) is not supported (13 is required)"
        case .missingKey: "Sec-WebSocket-Key header is missing"
        case .repeatedKey: "Sec-WebSocket-Key header appears more than once"
        case .malformedKey(let key): "Sec-WebSocket-Key \(key) is not base64 of 16 bytes"
        }
    }
}
