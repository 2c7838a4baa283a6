import CSystem
import Glibc

/// One client connection, confined to one event loop's thread. It reads bytes, parses requests
/// one at a time (pipelined requests wait in `input`), runs each handler as a task on the same
/// loop, and writes responses back in order. Request handling is in HTTPConnection+Requests.
final class HTTPConnection: EventLoopSelectable {
    enum Phase: Equatable {
        case awaitingRequest, readingBody, responding, webSocket
        /// The route's head check runs; the body waits unread (reading stops at the input cap).
        case checkingHead
        /// Our side is done and shut for writing; unread client bytes are discarded until the
        /// client closes too (or a short deadline passes). Closing at once would make the kernel
        /// answer those bytes with a reset, and the client could lose the response we just sent.
        case lingering(until: Double)
        case closed
    }
    static let lingerSeconds = 2.0
    /// A WebSocket peer gets this long to answer our Close frame before the TCP connection goes.
    static let closeHandshakeSeconds = 5.0

    let fd: Int32
    let peer: String
    let loop: EventLoop
    let context: ServerContext
    private let onClose: (HTTPConnection) -> Void

    var phase = Phase.awaitingRequest
    let parser: HTTPRequestParser
    var input = ByteQueue()
    var outbound = OutboundBuffer()
    private var interest: UInt32 = EPOLLIN.rawValue
    var closeWhenFlushed = false
    /// The client shut its sending side; we still owe it the response in progress.
    private var peerClosedInput = false
    /// Set while `process()` runs, so a response finished inside it does not re-enter it.
    var processing = false

    // The request being read or answered.
    var head: RequestHead?
    var route: Route?
    var parameters: [String: String] = [:]
    var routingError: HTTPError?
    var requestStartedAt: Double?
    var handlerStartedAt = 0.0
    var loggedRequest: Request?
    var handlerTask: Task<Void, Never>?
    /// What the route's head check admitted the current request with.
    var admission: (any Sendable)?
    /// The request id the head check saw, kept for the rest of the request's log lines.
    var checkedRequestID: String?
    /// Body bytes of the current request counted against `BodyBudget`, and read so far.
    var reservedBodyBytes = 0
    var bodyBytesRead = 0

    var lastReadAt: Double
    private var lastWriteProgressAt: Double
    var streamTask: Task<Void, Never>?
    /// Producers (streamed bodies, WebSocket senders) waiting for the outbound buffer to drain.
    var drainWaiters: [CheckedContinuation<Void, any Error>] = []
    var webSocket: WebSocketSession?

    init(fd: Int32, peer: String, loop: EventLoop, context: ServerContext, onClose: @escaping (HTTPConnection) -> Void) {
        self.fd = fd
        self.peer = peer
        self.loop = loop
        self.context = context
        self.onClose = onClose
        self.parser = HTTPRequestParser(limits: context.configuration.limits)
        let now = MonotonicClock.seconds()
        lastReadAt = now
        lastWriteProgressAt = now
    }

    // MARK: readiness

    func handle(events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { flush() }
        if phase == .closed { return }
        if peerClosedInput && events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            close()  // both directions are gone: nothing we write can arrive
        } else if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            readAvailable()
        }
    }

    private func readAvailable() {
        let buffer = loop.readBuffer
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if count == 0 {
            peerFinishedSending()
            return
        }
        if count < 0 {
            if errno != EAGAIN && errno != EINTR { close() }
            return
        }
        lastReadAt = MonotonicClock.seconds()
        let received = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        switch phase {
        case .lingering, .closed:
            return
        case .webSocket:
            webSocket?.receive(received)
        case .awaitingRequest, .readingBody, .responding, .checkingHead:
            input.append(received)
            process()
        }
        updateReadInterest()
    }

    /// End of file from the client. What is being answered (and any complete requests already
    /// received) is still answered; the connection closes after that.
    private func peerFinishedSending() {
        switch phase {
        case .responding, .checkingHead:
            peerClosedInput = true
        case .awaitingRequest where !outbound.isEmpty || !input.isEmpty:
            peerClosedInput = true
            if input.isEmpty { closeWhenFlushed = true }
        default:
            close()
            return
        }
        updateReadInterest()
    }

    /// Whether the connection may carry another request after the current response.
    var canKeepAlive: Bool {
        !context.isDraining && !closeWhenFlushed && !(peerClosedInput && input.isEmpty)
    }

    // MARK: writing

    func flush() {
        guard phase != .closed else { return }
        let (result, written) = outbound.flush(to: fd)
        if written > 0 { lastWriteProgressAt = MonotonicClock.seconds() }
        switch result {
        case .drained:
            setWriteInterest(false)
            resumeDrainWaiters()
            if closeWhenFlushed {
                linger()
                return
            }
        case .blocked:
            setWriteInterest(true)
            if outbound.pendingCount <= context.configuration.outboundHighWater / 2 { resumeDrainWaiters() }
        case .failed:
            close()
            return
        }
        // Output fell behind and paused parsing or reading: pick up where we left off.
        if !processing && outbound.pendingCount <= context.configuration.outboundHighWater
            && (phase == .awaitingRequest || phase == .readingBody) && !input.isEmpty {
            process()
        }
        updateReadInterest()
    }

    private func resumeDrainWaiters() {
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private func setWriteInterest(_ on: Bool) {
        let wanted = on ? interest | EPOLLOUT.rawValue : interest & ~EPOLLOUT.rawValue
        if wanted != interest { interest = wanted; loop.modify(fd, events: interest) }
    }

    /// Reads only while there is room: unparsed input under its cap, unsent output under the
    /// high-water mark (a client that sends but never reads would otherwise grow both), and the
    /// WebSocket handler keeping up with its inbox.
    func updateReadInterest() {
        guard phase != .closed else { return }
        var wanted = !peerClosedInput
        if case .lingering = phase {
            wanted = true
        } else if input.count > context.configuration.limits.maxHeaderBytes * 4
                    || outbound.pendingCount > context.configuration.outboundHighWater
                    || webSocket?.inboxFull == true {
            wanted = false
        }
        let events = wanted ? interest | EPOLLIN.rawValue : interest & ~EPOLLIN.rawValue
        if events != interest { interest = events; loop.modify(fd, events: interest) }
    }

    // MARK: lifetime

    /// Once a second: enforce the head, body, idle, write and close-handshake timeouts.
    func tick(now: Double) {
        let configuration = context.configuration
        if !outbound.isEmpty && now - lastWriteProgressAt > configuration.writeTimeout {
            close()
            return
        }
        switch phase {
        case .awaitingRequest:
            if let started = requestStartedAt {
                if now - started > configuration.headTimeout {
                    fail(HTTPError(status: 408, code: "http.request_timeout", message: "Request head not received in time"))
                }
            } else if outbound.isEmpty && now - max(lastReadAt, lastWriteProgressAt) > configuration.idleTimeout {
                close()
            }
        case .readingBody:
            if now - lastReadAt > configuration.bodyReadTimeout || now - (requestStartedAt ?? now) > configuration.requestTimeout {
                fail(HTTPError(status: 408, code: "http.request_timeout", message: "Request body not received in time"))
            }
        case .webSocket:
            if let sent = webSocket?.closeSentAt, now - sent > Self.closeHandshakeSeconds { close() }
        case .lingering(let deadline):
            if now > deadline { close() }
        case .responding, .checkingHead, .closed:
            break
        }
    }

    /// Graceful shutdown: idle connections close now (once their output is sent); busy ones
    /// close after their response. Streams (SSE) have no natural end, so they are cut;
    /// WebSockets get a 1001 close.
    func beginDrain() {
        switch phase {
        case .awaitingRequest where requestStartedAt == nil:
            if outbound.isEmpty { close() } else { closeWhenFlushed = true }
        case .responding where streamTask != nil: close()
        case .webSocket: webSocket?.closeForShutdown()
        default: break
        }
    }

    private func linger() {
        if case .lingering = phase { return }
        phase = .lingering(until: MonotonicClock.seconds() + Self.lingerSeconds)
        shutdown(fd, Int32(SHUT_WR))
        if peerClosedInput { close() } else { updateReadInterest() }
    }

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        loop.deregister(fd)
        Glibc.close(fd)
        handlerTask?.cancel()
        streamTask?.cancel()
        releaseBody()
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter.resume(throwing: CancellationError()) }
        webSocket?.connectionClosed()
        onClose(self)
    }
}
