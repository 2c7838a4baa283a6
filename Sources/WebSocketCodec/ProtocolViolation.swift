/// A client's breach of RFC 6455, carrying the close code the server must answer with.
///
/// Internal: it travels by typed throws from the header and payload checks up to `receive`,
/// which turns it into a Close frame and a `.protocolError` event.
struct ProtocolViolation: Error {
    let code: WebSocketCloseCode
    let reason: String

    static func protocolError(_ reason: String) -> ProtocolViolation {
        ProtocolViolation(code: .protocolError, reason: reason)
    }

    static func tooBig(_ reason: String) -> ProtocolViolation {
        ProtocolViolation(code: .messageTooBig, reason: reason)
    }

    static func invalidUTF8(_ reason: String) -> ProtocolViolation {
        ProtocolViolation(code: .invalidPayloadData, reason: reason)
    }
}
