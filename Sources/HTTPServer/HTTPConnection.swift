import CSystem
import Glibc

/// One client connection, confined to one event loop's thread. Every decision (what to parse,
/// when to answer, keep-alive, limits, timeouts, lingering) is `HTTPConnectionMachine`'s; this
/// class moves bytes between the socket and the machine, carries out the machine's actions, and
/// runs handlers as tasks on the same loop. Request handling is in HTTPConnection+Requests.
final class HTTPConnection: EventLoopSelectable {
    let fd: Int32
    let peer: String
    let loop: EventLoop
    let context: ServerContext
    private let onClose: (HTTPConnection) -> Void

    var machine: HTTPConnectionMachine
    private var interest: UInt32 = EPOLLIN.rawValue
    /// Set while `perform` runs, so a response finished inside it (a synchronous handler) does
    /// not parse the next pipelined request recursively: the outer `perform` goes on instead.
    private var performing = false

    // What the socket side keeps about the current request.
    var loggedRequest: Request?
    /// The last answered request, whose box the next request may reuse (`keepRequestForReuse`).
    var spareRequest: Request?
    var handlerTask: Task<Void, Never>?
    /// What the route's head check admitted the current request with.
    var admission: (any Sendable)?
    /// The request id the head check saw, kept for the rest of the request's log lines.
    var checkedRequestID: RequestID.Value?

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
        machine = HTTPConnectionMachine(configuration: context.configuration, router: context.router,
                                        bodyBudget: context.bodyBudget, peer: peer, now: MonotonicClock.seconds())
    }

    // MARK: readiness

    func handle(events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { flush() }
        if machine.phase == .closed { return }
        if machine.inputClosed && events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            close()  // both directions are gone: nothing we write can arrive
        } else if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            readAvailable()
        }
    }

    private func readAvailable() {
        let buffer = loop.readBuffer
        let count = csystem_read(fd, buffer.baseAddress, buffer.count)
        if count == 0 {
            perform(machine.peerClosed())
            return
        }
        if count < 0 {
            if errno != EAGAIN && errno != EINTR { close() }
            return
        }
        let received = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        let action = machine.received(received, now: loop.clock.wokeAt)
        if case .deliverToWebSocket = action {
            webSocket?.receive(received)
            updateReadInterest()
        } else {
            perform(action)
        }
    }

    // MARK: carrying out the machine's actions

    /// Carries out `action` and whatever the machine answers to its outcome, until the machine
    /// waits for an event; the outermost call then lets it parse on (pipelined input).
    func perform(_ action: HTTPConnectionMachine.Action) {
        let outermost = !performing
        performing = true
        defer { if outermost { performing = false } }
        var action = action
        while true {
            switch action {
            case .none:
                // `next` has nothing to parse without input; skipping it saves a clock read per response.
                guard outermost, machine.phase != .closed, !machine.input.isEmpty else {
                    updateReadInterest()
                    return
                }
                action = machine.next(now: loop.clock.now())
                if case .none = action {
                    updateReadInterest()
                    return
                }
            case .flush:
                action = writeOutbound()
            case .dispatch(let body):
                dispatch(body: body)
                keepRequestForReuse()
                action = .none
            case .checkHead(let headCheck):
                startHeadCheck(headCheck)
                action = .none
            case .refuse(let error):
                refuse(context.errorRenderer.render(error))
                action = .none
            case .shutdownWrite:
                shutdown(fd, Int32(SHUT_WR))
                action = .none
            case .closeWebSocket:
                webSocket?.closeForShutdown()
                action = .none
            case .deliverToWebSocket:
                action = .none
            case .close:
                close()
                return
            }
        }
    }

    /// Writes what the kernel takes and tells the machine how it went.
    private func writeOutbound() -> HTTPConnectionMachine.Action {
        guard machine.phase != .closed else { return .none }
        let (result, written) = machine.outbound.flush(to: fd)
        switch result {
        case .drained:
            setWriteInterest(false)
            resumeDrainWaiters()
        case .blocked:
            setWriteInterest(true)
            if machine.outboundHasRoom { resumeDrainWaiters() }
        case .failed:
            break
        }
        return machine.flushed(result, written: written, now: loop.clock.wokeAt)
    }

    /// Sends what `outbound` holds (and lets the machine go on once the client caught up).
    func flush() { perform(.flush) }

    private func resumeDrainWaiters() {
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private func setWriteInterest(_ on: Bool) {
        let wanted = on ? interest | EPOLLOUT.rawValue : interest & ~EPOLLOUT.rawValue
        if wanted != interest { interest = wanted; loop.modify(fd, events: interest) }
    }

    /// Arms reading as the machine wants it.
    func updateReadInterest() {
        guard machine.phase != .closed else { return }
        let wanted = machine.wantsToRead(webSocketBehind: webSocket?.inboxFull == true)
        let events = wanted ? interest | EPOLLIN.rawValue : interest & ~EPOLLIN.rawValue
        if events != interest { interest = events; loop.modify(fd, events: interest) }
    }

    // MARK: lifetime

    /// Once a second: the machine's timeouts.
    func tick(now: Double) {
        perform(machine.tick(now: now))
    }

    /// Graceful shutdown (see `HTTPConnectionMachine.beginDrain`).
    func beginDrain() {
        perform(machine.beginDrain())
    }

    func close() {
        guard machine.phase != .closed else { return }
        machine.closed()
        loop.deregister(fd)
        Glibc.close(fd)
        handlerTask?.cancel()
        streamTask?.cancel()
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter.resume(throwing: CancellationError()) }
        webSocket?.connectionClosed()
        onClose(self)
    }
}
