import Foundation

/// The server half of the WebSocket opening handshake (RFC 6455 §4.2).
///
/// The HTTP server parses the request; this type decides whether it is a valid upgrade and
/// computes the `Sec-WebSocket-Accept` value, so the rules live next to the frame codec.
public enum WebSocketHandshake {
    /// The fixed GUID that RFC 6455 §1.3 appends to the client's key before hashing
    /// (note "47DA": any other spelling yields accept values every client rejects).
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The only protocol version this codec speaks; sent back with 426 when the client asks for another.
    public static let supportedVersion = "13"

    /// Validates an upgrade request and returns the `Sec-WebSocket-Accept` value for the 101 response.
    ///
    /// Header names match case-insensitively; a header may appear several times (list-valued
    /// headers such as `Connection` are then combined, as RFC 9110 §5.3 allows).
    public static func validate(
        method: String, headers: [(name: String, value: String)]
    ) throws(WebSocketHandshakeError) -> String {
        guard method == "GET" else { throw .methodNotGet(method) }
        guard tokens(of: "Upgrade", in: headers).contains("websocket") else { throw .missingUpgradeWebSocket }
        guard tokens(of: "Connection", in: headers).contains("upgrade") else { throw .missingConnectionUpgrade }

        let versions = values(of: "Sec-WebSocket-Version", in: headers)
        guard versions.count == 1, trimmed(versions[0]) == supportedVersion else {
            throw .unsupportedVersion(versions.isEmpty ? nil : versions.joined(separator: ", "))
        }

        let keys = values(of: "Sec-WebSocket-Key", in: headers)
        guard let rawKey = keys.first else { throw .missingKey }
        guard keys.count == 1 else { throw .repeatedKey }
        let key = trimmed(rawKey)
        guard let nonce = Data(base64Encoded: key), nonce.count == 16 else { throw .malformedKey(key) }
        return acceptValue(forKey: key)
    }

    /// `base64(SHA-1(key + GUID))`, RFC 6455 §4.2.2 step 5.4.
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// The headers of the `101 Switching Protocols` response that completes the handshake.
    public static func switchingProtocolsHeaders(accept: String) -> [(name: String, value: String)] {
        [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept)]
    }

    private static func values(of name: String, in headers: [(name: String, value: String)]) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The lower-cased comma-separated tokens of every occurrence of a list-valued header.
    private static func tokens(of name: String, in headers: [(name: String, value: String)]) -> [String] {
        values(of: name, in: headers).flatMap { $0.split(separator: ",") }.map { trimmed(String($0)).lowercased() }
    }

    /// Strips the optional whitespace (spaces, tabs) that HTTP allows around field values and list items.
    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}
