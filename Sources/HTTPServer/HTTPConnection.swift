import CSystem
import Glibc

/// One client connection, confined to one event loop's thread. It reads bytes, parses requests
/// one at a time (pipelined requests wait in `input`), runs the handler off the loop, and
/// writes responses back in order.
final class HTTPConnection: EventLoopSelectable {
    enum Phase: Equatable {
        case awaitingRequest, readingBody, responding, webSocket
        /// Our side is done and shut for writing; unread client bytes are discarded until the
        /// client closes too (or a short deadline passes). Closing at once would make the kernel
        /// answer those bytes with a reset, and the client could lose the response we just sent.
        case lingering(until: Double)
        case closed
    }
    static let lingerSeconds = 2.0

    let fd: Int32
    let peer: String
    let loop: EventLoop
    let context: ServerContext
    private let onClose: (HTTPConnection) -> Void

    var phase = Phase.awaitingRequest
    private let parser: HTTPRequestParser
    private var input = ByteQueue()
    var outbound = OutboundBuffer()
    private var interest: UInt32 = EPOLLIN.rawValue
    private var readingPaused = false
    var closeWhenFlushed = false

    // The request being read or answered.
    private var head: RequestHead?
    private var route: Route?
    private var parameters: [String: String] = [:]
    private var routingError: HTTPError?
    private var requestStartedAt: Double?
    private var handlerStartedAt = 0.0
    private var loggedRequest: Request?

    private var lastReadAt: Double
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
        if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { readAvailable() }
    }

    private func readAvailable() {
        let buffer = loop.readBuffer
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
            close()
            return
        }
        guard count > 0 else { return }
        if case .lingering = phase { return }
        input.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        lastReadAt = MonotonicClock.seconds()
        if phase == .webSocket {
            webSocket?.receive(input.takeAll())
            return
        }
        process()
        // Pipelined requests queue up while one is answered; stop reading once enough wait.
        if input.count > context.configuration.limits.maxHeaderBytes * 4 { setReading(false) }
    }

    /// Parses buffered input until a request is complete or more bytes are needed.
    private func process() {
        while (phase == .awaitingRequest || phase == .readingBody) && !input.isEmpty {
            if requestStartedAt == nil { requestStartedAt = MonotonicClock.seconds() }
            let step: HTTPRequestParser.Step
            do {
                step = try input.withUnread { try parser.parse($0) }
            } catch {
                fail(HTTPError(error as? HTTPParseError ?? .malformed("unreadable request")))
                return
            }
            input.consume(step.consumed)
            switch step.event {
            case .head(let head): receivedHead(head)
            case .message(let body): receivedMessage(body: body)
            case nil: return
            }
        }
        if phase == .awaitingRequest || phase == .readingBody { setReading(true) }
    }

    private func receivedHead(_ head: RequestHead) {
        phase = .readingBody
        self.head = head
        route = nil
        routingError = nil
        switch context.router.match(method: head.method, path: String(head.path)) {
        case .found(let match, let parameters):
            route = match
            self.parameters = parameters
            parser.bodyLimit = match.options.maxBodyBytes ?? context.configuration.limits.defaultBodyBytes
        case .methodNotAllowed(let allowed):
            routingError = HTTPError(status: 405, code: "route.method_not_allowed",
                                     message: "\(head.method) is not allowed here", headers: ["Allow": allowed.joined(separator: ", ")])
        case .notFound:
            routingError = HTTPError(status: 404, code: "route.not_found", message: "No route for \(head.method) \(head.path)")
        }
        if let length = head.contentLength, length > parser.bodyLimit {
            fail(HTTPError(.bodyTooLarge))
            return
        }
        let expectsBody = head.isChunked || (head.contentLength ?? 0) > 0
        if head.expectsContinue && expectsBody {
            if let routingError {
                fail(routingError)  // don't invite a body we would throw away
                return
            }
            outbound.append("HTTP/1.1 100 Continue\r\n\r\n")
            flush()
        }
    }

    private func receivedMessage(body: [UInt8]) {
        guard let head else { return }
        phase = .responding
        setReading(false)
        handlerStartedAt = MonotonicClock.seconds()
        var request = Request(method: head.method, target: head.target, headers: head.headers, body: body,
                              requestID: RequestID.accept(head.headers["X-Request-Id"]), remoteAddress: peer)
        request.pathParameters = parameters
        request.route = route?.pattern
        loggedRequest = request
        if let routingError {
            deliver(context.errorRenderer.render(routingError))
            return
        }
        guard let route else { return }
        switch route.kind {
        case .webSocket(let handler):
            startWebSocket(request: request, head: head, handler: handler)
        case .http(let handler):
            request.endpoint = handler
            let context = self.context, me = LoopBound(self)
            context.requestsInFlight.add(1, ordering: .relaxed)
            Task {
                let response = await context.respond(to: request)
                context.requestsInFlight.subtract(1, ordering: .relaxed)
                me.object?.loop.execute { _ in me.object?.deliver(response) }
            }
        }
    }

    // MARK: responses

    /// Writes `response` for the current request; for streamed bodies, starts the producer.
    func deliver(_ response: Response) {
        guard phase == .responding, let head else { return }
        let keepAlive = head.keepAlive && !context.isDraining && !closeWhenFlushed
        let isHead = head.method == "HEAD"
        switch response.body {
        case .bytes(let bytes):
            let bodyAllowed = !HTTPStatus.forbidsBody(response.status)
            ResponseHead.write(response, contentLength: bodyAllowed ? bytes.count : nil, chunked: false,
                               keepAlive: keepAlive, requestID: loggedRequest?.requestID, serverName: context.configuration.serverName, into: &outbound)
            if bodyAllowed && !isHead { outbound.append(bytes) }
            finishResponse(status: response.status, bytes: bytes.count, keepAlive: keepAlive)
        case .stream(let produce):
            ResponseHead.write(response, contentLength: nil, chunked: !isHead, keepAlive: keepAlive && !isHead,
                               requestID: loggedRequest?.requestID, serverName: context.configuration.serverName, into: &outbound)
            if isHead {
                finishResponse(status: response.status, bytes: 0, keepAlive: keepAlive)
            } else {
                startStream(status: response.status, keepAlive: keepAlive, produce: produce)
            }
        }
    }

    func finishResponse(status: Int, bytes: Int, keepAlive: Bool) {
        record(status: status, bytes: bytes)
        if keepAlive {
            phase = .awaitingRequest
            head = nil
            requestStartedAt = nil
            flush()
            if phase != .closed { process() }
        } else {
            closeWhenFlushed = true
            flush()
        }
    }

    /// Answers a request that cannot be read on (bad framing, limits, timeouts) and closes.
    func fail(_ error: HTTPError) {
        switch phase {
        case .closed, .lingering: return
        case .responding, .webSocket: close(); return
        case .awaitingRequest, .readingBody: break
        }
        phase = .responding
        closeWhenFlushed = true
        let response = context.errorRenderer.render(error)
        if case .bytes(let bytes) = response.body {
            ResponseHead.write(response, contentLength: bytes.count, chunked: false, keepAlive: false,
                               requestID: nil, serverName: context.configuration.serverName, into: &outbound)
            outbound.append(bytes)
        }
        record(status: error.status, bytes: 0)
        flush()
    }

    /// The 101 answer ends HTTP on this connection: log it like any response.
    func finishUpgrade(status: Int) { record(status: status, bytes: 0) }

    /// Bytes that arrived after the upgrade request: they already belong to the new protocol.
    func takeBufferedInput() -> [UInt8] { input.takeAll() }

    private func record(status: Int, bytes: Int) {
        let seconds = requestStartedAt.map { MonotonicClock.seconds() - max($0, handlerStartedAt) } ?? 0
        let method = head?.method ?? "-"
        let routeLabel = route?.pattern ?? "unmatched"
        context.metrics.recordRequest(method: method, route: routeLabel, status: status, seconds: seconds)
        if context.accessLog {
            AccessLog.write(context: context, request: loggedRequest, method: method, route: routeLabel,
                            secretParameters: route?.options.secretParameters ?? [], status: status, bytes: bytes,
                            seconds: seconds, peer: peer)
        }
        loggedRequest = nil
    }

    // MARK: writing

    func flush() {
        guard phase != .closed else { return }
        switch outbound.flush(to: fd) {
        case .drained:
            lastWriteProgressAt = MonotonicClock.seconds()
            setWriteInterest(false)
            resumeDrainWaiters()
            if closeWhenFlushed { linger() }
        case .blocked:
            lastWriteProgressAt = MonotonicClock.seconds()
            setWriteInterest(true)
            if outbound.pendingCount <= context.configuration.outboundHighWater / 2 { resumeDrainWaiters() }
        case .failed:
            close()
        }
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

    func setReading(_ on: Bool) {
        let wanted = on ? interest | EPOLLIN.rawValue : interest & ~EPOLLIN.rawValue
        readingPaused = !on
        if wanted != interest { interest = wanted; loop.modify(fd, events: interest) }
    }

    // MARK: lifetime

    /// Once a second: enforce the head, body, idle and write timeouts.
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
            } else if now - lastReadAt > configuration.idleTimeout || context.isDraining {
                close()
            }
        case .readingBody:
            if now - lastReadAt > configuration.bodyReadTimeout {
                fail(HTTPError(status: 408, code: "http.request_timeout", message: "Request body not received in time"))
            }
        case .lingering(let deadline):
            if now > deadline { close() }
        case .responding, .webSocket, .closed:
            break
        }
    }

    /// Graceful shutdown: idle connections close now; busy ones close after their response.
    /// Streams (SSE) have no natural end, so they are cut; WebSockets get a 1001 close.
    func beginDrain() {
        switch phase {
        case .awaitingRequest where requestStartedAt == nil: close()
        case .responding where streamTask != nil: close()
        case .webSocket: webSocket?.closeForShutdown()
        default: break
        }
    }

    private func linger() {
        if case .lingering = phase { return }
        phase = .lingering(until: MonotonicClock.seconds() + Self.lingerSeconds)
        shutdown(fd, Int32(SHUT_WR))
        setReading(true)
    }

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        loop.deregister(fd)
        Glibc.close(fd)
        streamTask?.cancel()
        let waiters = drainWaiters
        drainWaiters = []
        for waiter in waiters { waiter.resume(throwing: CancellationError()) }
        webSocket?.connectionClosed()
        onClose(self)
    }
}
