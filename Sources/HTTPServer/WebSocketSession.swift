/// The WebSocket side of an upgraded connection, on the loop's thread: bytes in go through the
/// RFC 6455 state machine; frames out go to the connection's outbound buffer.
final class WebSocketSession {
    private unowned let connection: HTTPConnection
    private var machine: WebSocketServerProtocol
    let inbox: WebSocketInbox
    /// The handler is behind: the connection stops reading until it catches up.
    var inboxFull = false

    init(connection: HTTPConnection, limits: WebSocketLimits, inbox: WebSocketInbox) {
        self.connection = connection
        self.machine = WebSocketServerProtocol(limits: limits)
        self.inbox = inbox
    }

    func receive(_ bytes: UnsafeRawBufferPointer) {
        for event in machine.receive(bytes) {
            switch event {
            case .message(let message):
                if inbox.push(message) { inboxFull = true }
            case .write(let frame):
                connection.machine.outbound.append(frame)
            case .closed:
                connection.machine.closeAfterFlush()
                inbox.finish()
            case .protocolError:
                noteCloseSent()
                connection.machine.closeAfterFlush()
                inbox.finish()
            case .ping, .pong:
                break
            }
        }
        connection.flush()
    }

    /// With a continuation, waits for the client to catch up; without one (a broadcast),
    /// drops a client that is already too far behind rather than buffer for it.
    func send(_ message: WebSocketMessage, continuation: CheckedContinuation<Void, any Error>?) {
        guard machine.state == .open, connection.machine.phase == .webSocket else {
            continuation?.resume(throwing: CancellationError())
            return
        }
        if continuation == nil && connection.machine.outboundOverHighWater {
            connection.close()
            return
        }
        connection.machine.outbound.append(machine.send(message))
        if let continuation {
            connection.waitForDrainIfNeeded(continuation)
        } else {
            connection.flush()
        }
    }

    func close(code: WebSocketCloseCode, reason: String) {
        guard machine.state == .open else { return }
        connection.machine.outbound.append(machine.close(code: code, reason: reason))
        noteCloseSent()
        connection.flush()
    }

    private func noteCloseSent() {
        connection.machine.webSocketCloseSent(now: MonotonicClock.seconds())
    }

    /// The handler returned: finish the closing handshake if it did not.
    func handlerFinished() {
        if machine.state == .open { close(code: .normalClosure, reason: "") }
        if machine.state != .open { connection.machine.closeAfterFlush(); connection.flush() }
    }

    func closeForShutdown() {
        close(code: .goingAway, reason: "server shutting down")
        connection.machine.closeAfterFlush()
        connection.flush()
    }

    func connectionClosed() {
        inbox.finish()
    }
}
