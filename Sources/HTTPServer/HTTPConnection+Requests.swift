/// Running each request's handler and writing its response; the machine decides when.
extension HTTPConnection {
    /// The machine has a whole request: build it and run the pipeline (or answer its routing error).
    func dispatch(body: [UInt8]) {
        // The head check's admission moves into the request (a copy of the existential would
        // cost a runtime call per request, even for none).
        guard var request = machine.request(body: body, requestID: checkedRequestID, generator: &loop.requestIDs, remoteAddress: peer,
                                            admission: admission.take(), reusing: &spareRequest) else { return }
        // Reading stays on while the handler runs (toggling epoll interest per request would
        // cost two syscalls): pipelined bytes queue in the machine's input up to a cap.
        checkedRequestID = nil
        loggedRequest = request
        if let routingError = machine.routingError {
            deliver(context.errorRenderer.render(routingError))
            return
        }
        guard let route = machine.route else { return }
        switch route.kind {
        case .webSocket(let handler):
            // The upgrade passes through the middleware too (authentication!): the endpoint's
            // 101 means "go ahead"; any other answer is sent instead of upgrading.
            request.endpoint = { _ in Response(status: 101) }
            runPipeline(request, then: .upgrade(handler, request))
        case .http(let handler):
            if let synchronous = route.synchronous, let filters = context.filters {
                // Nothing here can suspend: answer now, on this thread, without a task.
                if let response = context.respondSynchronously(to: request, filters: filters, handler: synchronous) {
                    deliver(response)
                } else {
                    // The filters passed it, the answer needs waiting for: the route's handler, in a task.
                    runPipeline(request, then: .deliver, afterChecksOf: filters, handler: handler)
                }
                return
            }
            request.endpoint = handler
            runPipeline(request, then: .deliver)
        }
    }

    enum AfterPipeline: Sendable {
        case deliver
        case upgrade(WebSocketHandler, Request)
    }

    /// Runs middleware and endpoint as a task on this loop, then delivers (or upgrades). Given
    /// `filters` that already checked the request, runs `handler` with only their error answers.
    private func runPipeline(_ request: Request, then next: AfterPipeline, afterChecksOf filters: ArraySlice<any RequestFilter>? = nil,
                             handler: Router.Handler? = nil) {
        let context = self.context, me = LoopOwned(self), loop = self.loop
        context.requestsInFlight.add(1, ordering: .relaxed)
        // Runs on this thread right away, up to the handler's first suspension (most requests
        // never suspend); anything after an await resumes on this loop too.
        let task = Task.immediate(executorPreference: loop) {
            let response = if let filters, let handler {
                await context.respond(to: request, checkedBy: filters, handler: handler)
            } else {
                await context.respond(to: request)
            }
            context.requestsInFlight.subtract(1, ordering: .relaxed)
            // Usually still on the loop (the task prefers it): carry on now, no queue hop.
            if loop.inLoop {
                me.object.pipelineFinished(response, then: next)
            } else {
                loop.execute { _ in me.object.pipelineFinished(response, then: next) }
            }
        }
        if machine.phase == .responding { handlerTask = task }
    }

    private func pipelineFinished(_ response: Response, then next: AfterPipeline) {
        if case .upgrade(let handler, let request) = next, response.status == 101 {
            guard machine.phase == .responding else { return }
            handlerTask = nil
            startWebSocket(request: request, handler: handler)
        } else {
            deliver(response)
        }
    }

    /// Writes `response` for the current request; for streamed bodies, starts the producer.
    /// One clock read serves the response: its `Date`, its duration and its log line's time.
    func deliver(_ response: Response) {
        guard let framing = machine.beginResponse(draining: context.isDraining) else { return }
        handlerTask = nil
        let keepAlive = framing.keepAlive
        let serverName = context.configuration.serverName
        let now = loop.clock.now()
        let requestID = loggedRequest?.requestIDValue
        switch response.body {
        case .bytes(let bytes):
            let bodyAllowed = !HTTPStatus.forbidsBody(response.status)
            ResponseHead.write(response, contentLength: bodyAllowed ? bytes.count : nil, chunked: false, keepAlive: keepAlive,
                               requestID: requestID, serverName: serverName, loop: loop, at: now,
                               body: bodyAllowed && !framing.omitBody ? bytes : [], into: &machine.outbound)
            finishResponse(status: response.status, bytes: bytes.count, keepAlive: keepAlive, at: now)
        case .stream(let produce) where framing.omitBody:
            _ = produce
            ResponseHead.write(response, contentLength: nil, chunked: false, keepAlive: keepAlive,
                               requestID: requestID, serverName: serverName, loop: loop, at: now, into: &machine.outbound)
            finishResponse(status: response.status, bytes: 0, keepAlive: keepAlive, at: now)
        case .stream(let produce):
            // HTTP/1.0 has no chunked coding: the body then ends when the connection does.
            let chunked = framing.chunked
            ResponseHead.write(response, contentLength: nil, chunked: chunked, keepAlive: keepAlive && chunked,
                               requestID: requestID, serverName: serverName, loop: loop, at: now, into: &machine.outbound)
            startStream(status: response.status, chunked: chunked, keepAlive: keepAlive && chunked, produce: produce)
        }
    }

    /// `now`: the monotonic time the response was finished at (`LoopClock.now()`).
    func finishResponse(status: Int, bytes: Int, keepAlive: Bool, at now: Double) {
        record(status: status, bytes: bytes, at: now)
        perform(machine.responseQueued(keepAlive: keepAlive))
    }

    /// Sends `response` instead of reading the request on, and closes (the machine's `refuse`).
    func refuse(_ response: Response) {
        switch machine.refuse() {
        case .ignore: return
        case .close: close(); return
        case .write: break
        }
        let now = loop.clock.now()
        if case .bytes(let bytes) = response.body {
            ResponseHead.write(response, contentLength: bytes.count, chunked: false, keepAlive: false, requestID: nil,
                               serverName: context.configuration.serverName, loop: loop, at: now, body: bytes, into: &machine.outbound)
        }
        record(status: response.status, bytes: 0, at: now)
        flush()
    }

    /// The 101 answer ends HTTP on this connection: log it like any response.
    func finishUpgrade(status: Int) { record(status: status, bytes: 0, at: loop.clock.now()) }

    private func record(status: Int, bytes: Int, at now: Double) {
        let seconds = machine.timing.elapsed(now: now)
        let request = loggedRequest.take()
        // A dispatched request carries its method and route; a refusal may have only a head.
        let method: String, routeLabel: String
        if let request {
            (method, routeLabel) = (request.method.rawValue, request.route ?? "unmatched")
        } else {
            (method, routeLabel) = (machine.head?.method.rawValue ?? "-", machine.route?.pattern ?? "unmatched")
        }
        context.metrics.recordRequest(method: method, route: routeLabel, status: status, seconds: seconds, shard: loop.index)
        if context.accessLog {
            AccessLog.write(context: context, loop: loop, request: request, method: method, route: routeLabel,
                            status: status, bytes: bytes, seconds: seconds, time: loop.clock.wallTime(at: now), peer: peer)
        }
        if let request { spareRequest = request }
    }

    /// After `dispatch`: the answered request's box is kept for the next request, emptied, if
    /// nothing else holds it (see `Request.init(reusing:…)`).
    func keepRequestForReuse() {
        guard var spare = spareRequest.take() else { return }
        spareRequest = spare.emptiedForReuse()
    }
}
