extension WebSocketServerProtocol {
    /// Starts the closing handshake (§7.1.2): returns our Close frame and moves to `.closing`.
    /// The client's answering Close then arrives through `receive` as `.closed`. Returns no
    /// bytes if a Close was already sent or received, since only one may be sent.
    ///
    /// The reason is cut to the 123 bytes a control frame leaves for it, on a character boundary.
    public mutating func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") -> [UInt8] {
        guard state == .open else { return [] }
        state = .closing
        return WebSocketFrameEncoder.closeFrame(code: code, reason: reason)
    }

    /// A Close frame from the client (§5.5.1): validate it, echo it if we have not closed yet,
    /// and finish.
    mutating func receiveClose(_ payload: [UInt8], events: inout [WebSocketEvent]) throws(ProtocolViolation) {
        var code: UInt16?
        var reason = ""
        if payload.count == 1 { throw .protocolError("close frame payload of 1 byte") }
        if payload.count >= 2 {
            let received = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
            guard received.isAllowedOnWire else {
                throw .protocolError("close code \(received.rawValue) is not allowed on the wire")
            }
            guard let text = String(validating: payload[2...], as: UTF8.self) else {
                throw .invalidUTF8("close reason is not valid UTF-8")
            }
            code = received.rawValue
            reason = text
        }
        if state == .open {
            let echoed = WebSocketCloseCode(rawValue: code ?? WebSocketCloseCode.normalClosure.rawValue)
            events.append(.write(WebSocketFrameEncoder.closeFrame(code: echoed, reason: "")))
        }
        finish()
        events.append(.closed(code: code, reason: reason))
    }

    /// Ends the connection after a protocol violation (§7.1.7): send our Close with the code
    /// the violation calls for, unless we already sent one, then report the error.
    mutating func fail(with violation: ProtocolViolation, events: inout [WebSocketEvent]) {
        if state == .open {
            events.append(.write(WebSocketFrameEncoder.closeFrame(code: violation.code, reason: violation.reason)))
        }
        finish()
        events.append(.protocolError(violation.code, violation.reason))
    }

    /// Enters `.closed` and drops any half-received message, which can no longer be delivered.
    private mutating func finish() {
        state = .closed
        currentFrame = nil
        assembly = MessageAssembly()
        controlPayload = []
    }
}
