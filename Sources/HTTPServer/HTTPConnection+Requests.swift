/// Reading requests and writing their responses, one at a time and in order.
extension HTTPConnection {
    /// Parses buffered input until a request is complete, more bytes are needed, or unsent
    /// output passes the high-water mark (then `flush` resumes it once the client catches up).
    /// A response completed inside (a synchronous handler) does not re-enter: the loop goes on.
    func process() {
        guard !processing else { return }
        processing = true
        defer { processing = false }
        while (phase == .awaitingRequest || phase == .readingBody) && !input.isEmpty
                && outbound.pendingCount <= context.configuration.outboundHighWater {
            if requestStartedAt == nil { requestStartedAt = MonotonicClock.seconds() }
            let step: HTTPRequestParser.Step
            do {
                step = try input.withUnread { try parser.parse($0) }
            } catch {
                fail(HTTPError(error as? HTTPParseError ?? .malformed("unreadable request")))
                return
            }
            let wasReadingBody = phase == .readingBody
            input.consume(step.consumed)
            if wasReadingBody && !admitBodyBytes(step.consumed) { return }
            switch step.event {
            case .head(let head): receivedHead(head, complete: false)
            case .message(let body): receivedMessage(body: body)
            case .complete(let head): receivedHead(head, complete: true)
            case nil: return
            }
        }
    }

    /// `complete`: the request has no body and is whole already.
    private func receivedHead(_ head: RequestHead, complete: Bool) {
        phase = .readingBody
        self.head = head
        route = nil
        routingError = nil
        (admission, checkedRequestID) = (nil, nil)
        switch context.router.match(method: head.method, path: head.path) {
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
        if routingError == nil, let headCheck = route?.options.headCheck {
            startHeadCheck(headCheck, head: head, complete: complete)
        } else {
            startBody(head, complete: complete)
        }
    }

    func receivedMessage(body: [UInt8]) {
        guard let head else { return }
        // Reading stays on while the handler runs (toggling epoll interest per request would
        // cost two syscalls): pipelined bytes queue in `input` up to a cap.
        phase = .responding
        handlerStartedAt = MonotonicClock.seconds()
        var request = Request(method: head.method, target: head.target, headers: head.headers, body: body,
                              requestID: checkedRequestID ?? RequestID.accept(head.headers["X-Request-Id"], generator: &loop.requestIDs),
                              remoteAddress: peer)
        request.pathParameters = parameters
        request.route = route?.pattern
        request.admission = admission
        (admission, checkedRequestID) = (nil, nil)
        loggedRequest = request
        if let routingError {
            deliver(context.errorRenderer.render(routingError))
            return
        }
        guard let route else { return }
        switch route.kind {
        case .webSocket(let handler):
            // The upgrade passes through the middleware too (authentication!): the endpoint's
            // 101 means "go ahead"; any other answer is sent instead of upgrading.
            request.endpoint = { _ in Response(status: 101) }
            runPipeline(request, then: .upgrade(handler, request, head))
        case .http(let handler):
            request.endpoint = handler
            runPipeline(request, then: .deliver)
        }
    }

    enum AfterPipeline: Sendable {
        case deliver
        case upgrade(WebSocketHandler, Request, RequestHead)
    }

    /// Runs middleware and endpoint as a task on this loop, then delivers (or upgrades).
    private func runPipeline(_ request: Request, then next: AfterPipeline) {
        let context = self.context, me = LoopBound(self), loop = self.loop
        context.requestsInFlight.add(1, ordering: .relaxed)
        // Runs on this thread right away, up to the handler's first suspension (most requests
        // never suspend); anything after an await resumes on this loop too.
        let task = Task.immediate(executorPreference: loop) {
            let response = await context.respond(to: request)
            context.requestsInFlight.subtract(1, ordering: .relaxed)
            // Usually still on the loop (the task prefers it): carry on now, no queue hop.
            if loop.inLoop {
                me.object?.pipelineFinished(response, then: next)
            } else {
                loop.execute { _ in me.object?.pipelineFinished(response, then: next) }
            }
        }
        if phase == .responding { handlerTask = task }
    }

    private func pipelineFinished(_ response: Response, then next: AfterPipeline) {
        if case .upgrade(let handler, let request, let head) = next, response.status == 101 {
            guard phase == .responding else { return }
            handlerTask = nil
            startWebSocket(request: request, head: head, handler: handler)
        } else {
            deliver(response)
        }
    }

    /// Writes `response` for the current request; for streamed bodies, starts the producer.
    func deliver(_ response: Response) {
        guard phase == .responding, let head else { return }
        handlerTask = nil
        releaseBody()
        let keepAlive = head.keepAlive && canKeepAlive
        let isHead = head.method == "HEAD"
        let serverName = context.configuration.serverName
        switch response.body {
        case .bytes(let bytes):
            let bodyAllowed = !HTTPStatus.forbidsBody(response.status)
            ResponseHead.write(response, contentLength: bodyAllowed ? bytes.count : nil, chunked: false, keepAlive: keepAlive,
                               requestID: loggedRequest?.requestID, serverName: serverName, loop: loop, into: &outbound)
            if bodyAllowed && !isHead { outbound.append(bytes) }
            finishResponse(status: response.status, bytes: bytes.count, keepAlive: keepAlive)
        case .stream(let produce) where isHead:
            _ = produce
            ResponseHead.write(response, contentLength: nil, chunked: false, keepAlive: keepAlive,
                               requestID: loggedRequest?.requestID, serverName: serverName, loop: loop, into: &outbound)
            finishResponse(status: response.status, bytes: 0, keepAlive: keepAlive)
        case .stream(let produce):
            // HTTP/1.0 has no chunked coding: the body then ends when the connection does.
            let chunked = head.versionMinor >= 1
            ResponseHead.write(response, contentLength: nil, chunked: chunked, keepAlive: keepAlive && chunked,
                               requestID: loggedRequest?.requestID, serverName: serverName, loop: loop, into: &outbound)
            startStream(status: response.status, chunked: chunked, keepAlive: keepAlive && chunked, produce: produce)
        }
    }

    func finishResponse(status: Int, bytes: Int, keepAlive: Bool) {
        record(status: status, bytes: bytes)
        if keepAlive {
            phase = .awaitingRequest
            head = nil
            requestStartedAt = nil
        } else {
            closeWhenFlushed = true
        }
        flush()
    }

    /// Answers a request that cannot be read on (bad framing, limits, timeouts) and closes.
    func fail(_ error: HTTPError) {
        refuse(context.errorRenderer.render(error))
    }

    /// Sends `response` instead of reading the request on, and closes: what is left of the body
    /// is discarded by the lingering close, never buffered.
    func refuse(_ response: Response) {
        switch phase {
        case .closed, .lingering: return
        case .responding, .webSocket: close(); return
        case .awaitingRequest, .readingBody, .checkingHead: break
        }
        phase = .responding
        closeWhenFlushed = true
        releaseBody()
        if case .bytes(let bytes) = response.body {
            ResponseHead.write(response, contentLength: bytes.count, chunked: false, keepAlive: false,
                               requestID: nil, serverName: context.configuration.serverName, loop: loop, into: &outbound)
            outbound.append(bytes)
        }
        record(status: response.status, bytes: 0)
        flush()
    }

    /// The 101 answer ends HTTP on this connection: log it like any response.
    func finishUpgrade(status: Int) { record(status: status, bytes: 0) }

    private func record(status: Int, bytes: Int) {
        let seconds = requestStartedAt.map { MonotonicClock.seconds() - max($0, handlerStartedAt) } ?? 0
        let method = head?.method ?? "-"
        let routeLabel = route?.pattern ?? "unmatched"
        context.metrics.recordRequest(method: method, route: routeLabel, status: status, seconds: seconds, shard: loop.index)
        if context.accessLog {
            AccessLog.write(context: context, loop: loop, request: loggedRequest, method: method, route: routeLabel,
                            status: status, bytes: bytes, seconds: seconds, peer: peer)
        }
        loggedRequest = nil
    }
}
