import SeededRandom

/// Every decision of one HTTP/1.1 connection, without I/O: keep-alive, pipelining,
/// `100 Continue`, the parser's limits and the body's budget, timeouts, and the lingering close.
/// It is fed events (bytes received, the peer's end of input, a flush's outcome, a clock tick
/// with a monotonic time, a handler's response) and answers each with the one `Action` the
/// socket side must take next; `HTTPConnection` only moves bytes and runs tasks.
///
/// Properties it keeps (and `HTTPConnectionMachineTests` checks, fed bytes and fake times):
/// - Requests are handled one at a time and answered in order: after `.dispatch` nothing more
///   is parsed until the response is queued (`responseQueued`), so pipelined requests wait in
///   `input`.
/// - Parsing pauses while `outbound` holds more than `outboundHighWater` unsent bytes, and
///   `wantsToRead` turns false once unparsed input passes four head allowances: a client that
///   pipelines without reading cannot grow either buffer.
/// - A refusal (a limit, bad framing, a timeout, a full body budget) is answered with
///   `Connection: close`; once its bytes are out the sending side is shut and unread input is
///   discarded for `lingerSeconds`, so the client reads the refusal rather than a reset.
/// - A body is never invited (`100 Continue`) or reserved before routing, the `Content-Length`
///   ceiling and the route's head check have passed.
struct HTTPConnectionMachine {
    enum Phase: Equatable {
        case awaitingRequest, readingBody, responding, webSocket
        /// The route's head check runs; the body waits unread (reading stops at the input cap).
        case checkingHead
        /// Our side is done and shut for writing; unread client bytes are discarded until the
        /// client closes too (or the deadline passes). Closing at once would make the kernel
        /// answer those bytes with a reset, and the client could lose the response we just sent.
        case lingering(until: Double)
        case closed
    }

    /// What the socket side does next. After carrying out an action it reports back through the
    /// event named in the case's comment; `.none` means "wait for the next event".
    enum Action {
        case none
        /// Run the route's head check on `head` (reading waits); then `headAdmitted` or `refuse`.
        case checkHead(HeadCheck)
        /// The current request is whole: answer it (`route`, or `routingError` when routing
        /// failed), then `beginResponse` and `responseQueued`.
        case dispatch(body: [UInt8])
        /// Answer `error` and close: `refuse()`, queue the response, then `.flush`.
        case refuse(HTTPError)
        /// Write `outbound` to the socket, then `flushed`.
        case flush
        /// Shut the socket's sending side; the machine lingers (discarding input) until `tick` closes.
        case shutdownWrite
        /// Hand the bytes just received to the WebSocket session.
        case deliverToWebSocket
        /// Send the WebSocket peer a going-away Close frame (graceful shutdown).
        case closeWebSocket
        /// Close the socket, then `closed()`.
        case close
    }

    /// How the socket side may answer after `refuse()`.
    enum Refusal { case write, close, ignore }

    /// How to frame the response to the current request.
    struct ResponseFraming {
        let keepAlive: Bool
        /// A `HEAD` request: headers only, whatever the body.
        let omitBody: Bool
        /// HTTP/1.1 can carry a chunked (streamed) body; HTTP/1.0 gets it close-delimited.
        let chunked: Bool
    }

    static let lingerSeconds = 2.0
    /// A WebSocket peer gets this long to answer our Close frame before the TCP connection goes.
    static let closeHandshakeSeconds = 5.0

    private let configuration: ServerConfiguration
    private let router: Router
    private let bodyBudget: BodyBudget
    private let peer: String
    private let parser: HTTPRequestParser

    private(set) var phase = Phase.awaitingRequest
    /// Received bytes not parsed yet (pipelined requests wait here).
    private(set) var input = ByteQueue()
    /// Bytes for the client, written by the socket side on `.flush`.
    var outbound = OutboundBuffer()

    // The request being read or answered.
    private(set) var head: RequestHead?
    private(set) var route: Route?
    private(set) var parameters: [String: String] = [:]
    private(set) var routingError: HTTPError?
    /// The last request target that found a route without parameters (`match(_:)`), kept as
    /// three properties so comparing with them copies none of them.
    private var lastMatchedRoute: Route?
    private var lastMatchedMethod = HTTPMethod.get
    private var lastMatchedTarget = ""
    /// The head has no body: it is whole once the head check admits it.
    private var headIsComplete = false
    /// When the current request began; a plain value, so the socket side reads it without
    /// copying the machine.
    private(set) var timing = RequestTiming()
    /// Body bytes of the current request counted against `BodyBudget`, and chunked bytes read so far.
    private(set) var reservedBodyBytes = 0
    private var bodyBytesRead = 0
    private var streaming = false

    private var lastReadAt: Double
    private var lastWriteProgressAt: Double
    /// The client shut its sending side; we still owe it the response in progress.
    private(set) var inputClosed = false
    private(set) var closeWhenFlushed = false
    /// When our WebSocket Close frame went out; the peer must answer within a deadline.
    private var webSocketCloseSentAt: Double?

    init(configuration: ServerConfiguration, router: Router, bodyBudget: BodyBudget, peer: String, now: Double) {
        self.configuration = configuration
        self.router = router
        self.bodyBudget = bodyBudget
        self.peer = peer
        self.parser = HTTPRequestParser(limits: configuration.limits)
        lastReadAt = now
        lastWriteProgressAt = now
    }

    // MARK: input

    /// Bytes from the client.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: Double) -> Action {
        lastReadAt = now
        switch phase {
        case .lingering, .closed:
            return .none
        case .webSocket:
            return .deliverToWebSocket
        case .awaitingRequest, .readingBody, .responding, .checkingHead:
            guard input.isEmpty, canParse else {
                input.append(bytes)
                return next(now: now)
            }
            return parseInPlace(bytes, now: now)
        }
    }

    /// End of input from the client. What is being answered (and any complete requests already
    /// received) is still answered; the connection closes after that.
    mutating func peerClosed() -> Action {
        switch phase {
        case .responding, .checkingHead:
            inputClosed = true
        case .awaitingRequest where !outbound.isEmpty || !input.isEmpty:
            inputClosed = true
            if input.isEmpty { closeWhenFlushed = true }
        default:
            return .close
        }
        return .none
    }

    /// Parses buffered input until a request needs the socket side, more bytes are needed, or
    /// unsent output passes the high-water mark (`flushed` lets it go on). Safe to call any time.
    mutating func next(now: Double) -> Action {
        while canParse && !input.isEmpty {
            if timing.started == nil { timing.started = now }
            let step: HTTPRequestParser.Step
            do {
                step = try input.withUnread { [parser] in try parser.parse($0) }
            } catch {
                return .refuse(HTTPError(error as? HTTPParseError ?? .malformed("unreadable request")))
            }
            input.consume(step.consumed)
            if let action = took(step, now: now) { return action }
        }
        return .none
    }

    /// `next` over bytes straight from the socket's read buffer while nothing waits in `input`
    /// (the usual case: one request per read), so they are not copied into `input` first; what
    /// is left unparsed is kept there, as if it had been appended and parsed up to that point.
    private mutating func parseInPlace(_ bytes: UnsafeRawBufferPointer, now: Double) -> Action {
        var unread = bytes
        while canParse && !unread.isEmpty {
            if timing.started == nil { timing.started = now }
            let step: HTTPRequestParser.Step
            do {
                step = try parser.parse(unread)
            } catch {
                input.append(unread)
                return .refuse(HTTPError(error))
            }
            unread = UnsafeRawBufferPointer(rebasing: unread[step.consumed...])
            if let action = took(step, now: now) {
                input.append(unread)
                return action
            }
        }
        input.append(unread)
        return .none
    }

    /// Whether the machine parses input now: while reading a request, unless unsent output
    /// passed the high-water mark.
    private var canParse: Bool {
        (phase == .awaitingRequest || phase == .readingBody) && outbound.pendingCount <= configuration.outboundHighWater
    }

    /// Acts on one parser step whose bytes are consumed: the action to return, or nil to parse on.
    private mutating func took(_ step: consuming HTTPRequestParser.Step, now: Double) -> Action? {
        if phase == .readingBody, let refusal = admitBodyBytes(step.consumed) { return .refuse(refusal) }
        // The event is consumed, so its head moves into `head` instead of being copied.
        let event = step.event
        switch consume event {
        case .head(let head):
            let action = receivedHead(head, complete: false, now: now)
            if case .none = action { return nil }
            return action
        case .complete(let head):
            return receivedHead(head, complete: true, now: now)
        case .message(let body):
            return dispatch(body: body, now: now)
        case nil:
            return Action.none  // more bytes are needed: wait for them
        }
    }

    /// `head` is consumed: it moves into `self.head` once routing has read it.
    private mutating func receivedHead(_ head: consuming RequestHead, complete: Bool, now: Double) -> Action {
        phase = .readingBody
        route = nil
        routingError = nil
        headIsComplete = complete
        switch match(head) {
        case .found(let match, let parameters):
            route = match
            self.parameters = parameters
            parser.bodyLimit = match.options.maxBodyBytes ?? configuration.limits.defaultBodyBytes
        case .methodNotAllowed(let allowed):
            routingError = .methodNotAllowed(method: head.method, allowed: allowed)
        case .notFound:
            routingError = .routeNotFound(method: head.method, path: head.path)
        }
        let contentLength = head.contentLength
        self.head = consume head
        if let length = contentLength, length > parser.bodyLimit {
            return .refuse(HTTPError(.bodyTooLarge))
        }
        if routingError == nil, let headCheck = route?.options.headCheck {
            phase = .checkingHead
            return .checkHead(headCheck)
        }
        return startBody(now: now)
    }

    /// The router's answer for `head`. A connection's requests tend to repeat one target (a
    /// probe, a poll), so the last one that found a route without parameters is kept and compared
    /// with the next, which costs less than the router's hashing of path and method.
    private mutating func match(_ head: RequestHead) -> Router.Match {
        if let route = lastMatchedRoute, lastMatchedMethod == head.method, lastMatchedTarget == head.target {
            return .found(route, parameters: [:])
        }
        let match = router.match(method: head.method, path: head.path)
        if case .found(let route, let parameters) = match, parameters.isEmpty {
            (lastMatchedRoute, lastMatchedMethod, lastMatchedTarget) = (route, head.method, head.target)
        }
        return match
    }

    /// The route's head check admitted the request: its body may now be reserved and invited.
    mutating func headAdmitted(now: Double) -> Action {
        guard phase == .checkingHead else { return .none }
        phase = .readingBody
        let action = startBody(now: now)
        if case .none = action { return next(now: now) }
        return action
    }

    /// The current request as handlers see it, once it is whole; nil before a head. The head's
    /// fields are read where the machine keeps them (the method is `mutating` so that the head is
    /// not copied out: a copy would retain and release each of its fields once more). `requestID` is
    /// the one the head check saw; without it the head's `X-Request-Id` is taken or one drawn.
    /// `spare` (the last answered request's box) is taken only once there is a head to build from.
    mutating func request(body: [UInt8], requestID: RequestID.Value?, generator: inout SplitMix64, remoteAddress: String,
                          admission: consuming (any Sendable)?, reusing spare: inout Request?) -> Request? {
        guard let head else { return nil }
        return Request(reusing: spare.take(), method: head.method, target: head.target, headers: head.headers, body: body,
                       requestID: requestID ?? RequestID.accept(head.headers["X-Request-Id"], generator: &generator),
                       remoteAddress: remoteAddress, pathParameters: parameters, route: route?.pattern, admission: admission)
    }

    /// Reserves the announced body against the budget, invites it (`100 Continue`), or hands a
    /// body-less request straight on.
    /// Reads the head in place (`head!`): a copy would retain and release its strings and headers.
    private mutating func startBody(now: Double) -> Action {
        guard head != nil else { return .none }
        if headIsComplete { return dispatch(body: [], now: now) }
        let expectsBody = head!.isChunked || (head!.contentLength ?? 0) > 0
        if expectsBody && routingError == nil, let refusal = reserveBody(head!.contentLength ?? 0) { return .refuse(refusal) }
        if head!.expectsContinue && expectsBody && head!.versionMinor >= 1 {
            if let routingError { return .refuse(routingError) }  // don't invite a body we would throw away
            outbound.append("HTTP/1.1 100 Continue\r\n\r\n")
            return .flush
        }
        return .none
    }

    private mutating func dispatch(body: [UInt8], now: Double) -> Action {
        phase = .responding
        timing.handlerStarted = now
        return .dispatch(body: body)
    }

    /// Counts `count` more bytes of a chunked body (framing included) and reserves what
    /// outgrows its reservation. A `Content-Length` body was reserved whole at its head (the
    /// bytes parsed with it also hold the head's last LF, which must not reserve more).
    private mutating func admitBodyBytes(_ count: Int) -> HTTPError? {
        guard head?.isChunked == true else { return nil }
        bodyBytesRead += count
        return bodyBytesRead <= reservedBodyBytes ? nil : reserveBody(bodyBytesRead - reservedBodyBytes)
    }

    /// Reserves `bytes` more of the body budget, or the refusal: 503 for the process, 429 for this address.
    private mutating func reserveBody(_ bytes: Int) -> HTTPError? {
        switch bodyBudget.reserve(bytes, for: peer, held: reservedBodyBytes) {
        case nil:
            reservedBodyBytes += bytes
            return nil
        case .process?:
            return HTTPError(status: 503, code: "server.busy", message: "Too many request bodies in flight; retry shortly",
                             headers: ["Retry-After": "1"])
        case .address?:
            return HTTPError(status: 429, code: "http.too_many_uploads", message: "Too many uploads in flight from this address; retry shortly",
                             headers: ["Retry-After": "1"])
        }
    }

    /// Returns the current request's body bytes to the budget (its handler is done, or it was refused).
    private mutating func releaseBody() {
        bodyBudget.release(reservedBodyBytes, for: peer)
        reservedBodyBytes = 0
        bodyBytesRead = 0
    }

    // MARK: output

    /// Whether the connection may carry another request after the current response.
    func canKeepAlive(draining: Bool) -> Bool {
        !draining && !closeWhenFlushed && !(inputClosed && input.isEmpty)
    }

    /// The handler answered the current request: how to frame its response, or nil when the
    /// connection no longer waits for one. Returns the body's reservation to the budget.
    mutating func beginResponse(draining: Bool) -> ResponseFraming? {
        guard phase == .responding, head != nil else { return nil }
        releaseBody()
        return ResponseFraming(keepAlive: head!.keepAlive && canKeepAlive(draining: draining),
                               omitBody: head!.method == .head, chunked: head!.versionMinor >= 1)
    }

    /// A streamed body is being produced (it has no natural end, so a drain cuts it).
    mutating func streamStarted() { streaming = true }

    /// The whole response is in `outbound`: the next request may be read (keep-alive), or the
    /// connection closes once it is sent.
    mutating func responseQueued(keepAlive: Bool) -> Action {
        streaming = false
        if keepAlive {
            phase = .awaitingRequest
            head = nil
            timing.started = nil
        } else {
            closeWhenFlushed = true
        }
        return .flush
    }

    /// An answer instead of reading the request on, after which the connection closes: what is
    /// left of the body is discarded by the lingering close, never buffered.
    mutating func refuse() -> Refusal {
        switch phase {
        case .closed, .lingering: return .ignore
        case .responding, .webSocket: return .close
        case .awaitingRequest, .readingBody, .checkingHead: break
        }
        phase = .responding
        closeWhenFlushed = true
        releaseBody()
        return .write
    }

    /// The outcome of writing `outbound`: `written` bytes went out.
    mutating func flushed(_ result: OutboundBuffer.FlushResult, written: Int, now: Double) -> Action {
        guard phase != .closed else { return .none }
        if written > 0 { lastWriteProgressAt = now }
        switch result {
        case .failed:
            return .close
        case .drained where closeWhenFlushed:
            if case .lingering = phase { return .none }
            phase = .lingering(until: now + Self.lingerSeconds)
            return inputClosed ? .close : .shutdownWrite
        case .drained, .blocked:
            return .none
        }
    }

    /// Producers (streamed bodies, WebSocket senders) may queue more once unsent bytes fall to half the mark.
    var outboundHasRoom: Bool { outbound.pendingCount <= configuration.outboundHighWater / 2 }
    /// Producers waiting for room stop waiting once unsent bytes are under the mark.
    var outboundOverHighWater: Bool { outbound.pendingCount > configuration.outboundHighWater }

    /// Reads only while there is room: unparsed input under its cap, unsent output under the
    /// high-water mark (a client that sends but never reads would otherwise grow both), and the
    /// WebSocket handler keeping up with its inbox. A lingering connection reads (and drops) everything.
    func wantsToRead(webSocketBehind: Bool) -> Bool {
        switch phase {
        case .closed: return false
        case .lingering: return true
        default:
            return !inputClosed && !webSocketBehind && input.count <= configuration.limits.maxHeaderBytes * 4
                && !outboundOverHighWater
        }
    }

    // MARK: WebSocket

    /// The upgrade was answered: bytes from now on are WebSocket frames. Returns those that
    /// arrived already, behind the upgrade request.
    mutating func upgraded() -> [UInt8] {
        phase = .webSocket
        streaming = false
        return input.takeAll()
    }

    /// The WebSocket session sent its Close frame (the first one counts for the deadline).
    mutating func webSocketCloseSent(now: Double) {
        if webSocketCloseSentAt == nil { webSocketCloseSentAt = now }
    }

    /// Closes the connection once `outbound` is sent (a WebSocket closing handshake is done).
    mutating func closeAfterFlush() { closeWhenFlushed = true }

    // MARK: lifetime

    /// About once a second: the head, body, request, idle, write and close-handshake timeouts,
    /// and the end of a lingering close.
    mutating func tick(now: Double) -> Action {
        if !outbound.isEmpty && now - lastWriteProgressAt > configuration.writeTimeout { return .close }
        switch phase {
        case .awaitingRequest:
            if let started = timing.started {
                if now - started > configuration.headTimeout {
                    return .refuse(HTTPError(status: 408, code: "http.request_timeout", message: "Request head not received in time"))
                }
            } else if outbound.isEmpty && now - max(lastReadAt, lastWriteProgressAt) > configuration.idleTimeout {
                return .close
            }
        case .readingBody:
            if now - lastReadAt > configuration.bodyReadTimeout || now - (timing.started ?? now) > configuration.requestTimeout {
                return .refuse(HTTPError(status: 408, code: "http.request_timeout", message: "Request body not received in time"))
            }
        case .webSocket:
            if let sent = webSocketCloseSentAt, now - sent > Self.closeHandshakeSeconds { return .close }
        case .lingering(let deadline):
            if now > deadline { return .close }
        case .responding, .checkingHead, .closed:
            break
        }
        return .none
    }

    /// Graceful shutdown: idle connections close now (once their output is sent); busy ones
    /// close after their response. Streams (SSE) have no natural end, so they are cut;
    /// WebSockets get a going-away close.
    mutating func beginDrain() -> Action {
        switch phase {
        case .awaitingRequest where timing.started == nil:
            if outbound.isEmpty { return .close }
            closeWhenFlushed = true
        case .responding where streaming:
            return .close
        case .webSocket:
            return .closeWebSocket
        default:
            break
        }
        return .none
    }

    /// The socket is closed: the body's reservation goes back to the budget.
    mutating func closed() {
        phase = .closed
        streaming = false
        releaseBody()
    }
}

/// When the current request's first byte arrived and when it was dispatched to its handler.
struct RequestTiming {
    var started: Double?
    var handlerStarted = 0.0

    /// Seconds the current request has taken, from the later of its first byte and its dispatch.
    func elapsed(now: Double) -> Double {
        started.map { now - max($0, handlerStarted) } ?? 0
    }
}
