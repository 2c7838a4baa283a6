/// What happens between a request's head and its body: the route's head check, and the body's
/// reservation against the server's `BodyBudget`. Both can refuse the request before any of
/// its body is read.
extension HTTPConnection {
    /// Runs the route's head check as a task on this loop; parsing waits in `.checkingHead`.
    func startHeadCheck(_ headCheck: @escaping HeadCheck, head: RequestHead, complete: Bool) {
        phase = .checkingHead
        var request = Request(method: head.method, target: head.target, headers: head.headers,
                              requestID: RequestID.accept(head.headers["X-Request-Id"], generator: &loop.requestIDs), remoteAddress: peer)
        request.pathParameters = parameters
        request.route = route?.pattern
        checkedRequestID = request.requestID
        let context = self.context, me = LoopBound(self), loop = self.loop
        let task = Task.immediate(executorPreference: loop) {
            let verdict = await context.check(request, with: headCheck)
            if loop.inLoop {
                me.object?.headChecked(verdict, head: head, complete: complete)
            } else {
                loop.execute { _ in me.object?.headChecked(verdict, head: head, complete: complete) }
            }
        }
        if phase == .checkingHead { handlerTask = task }
    }

    private func headChecked(_ verdict: HeadVerdict, head: RequestHead, complete: Bool) {
        guard phase == .checkingHead else { return }
        handlerTask = nil
        switch verdict {
        case .refuse(let response):
            refuse(response)
        case .admit(let value):
            admission = value
            phase = .readingBody
            startBody(head, complete: complete)
            if phase == .readingBody { process() }
            updateReadInterest()
        }
    }

    /// Reserves the announced body against the budget, invites it (`100 Continue`), or hands a
    /// body-less request straight on.
    func startBody(_ head: RequestHead, complete: Bool) {
        if complete {
            receivedMessage(body: [])
            return
        }
        let expectsBody = head.isChunked || (head.contentLength ?? 0) > 0
        if expectsBody && routingError == nil && !reserveBody(head.contentLength ?? 0) { return }
        if head.expectsContinue && expectsBody && head.versionMinor >= 1 {
            if let routingError {
                fail(routingError)  // don't invite a body we would throw away
                return
            }
            outbound.append("HTTP/1.1 100 Continue\r\n\r\n")
            flush()
        }
    }

    /// Counts `count` more body bytes read; a chunked body reserves what outgrows its reservation.
    func admitBodyBytes(_ count: Int) -> Bool {
        bodyBytesRead += count
        return bodyBytesRead <= reservedBodyBytes || reserveBody(bodyBytesRead - reservedBodyBytes)
    }

    /// Reserves `bytes` more of the body budget, or refuses the request (503 for the process,
    /// 429 for this address) and closes without reading the rest.
    private func reserveBody(_ bytes: Int) -> Bool {
        switch context.bodyBudget.reserve(bytes, for: peer, held: reservedBodyBytes) {
        case nil:
            reservedBodyBytes += bytes
            return true
        case .process?:
            fail(HTTPError(status: 503, code: "server.busy", message: "Too many request bodies in flight; retry shortly",
                           headers: ["Retry-After": "1"]))
        case .address?:
            fail(HTTPError(status: 429, code: "http.too_many_uploads", message: "Too many uploads in flight from this address; retry shortly",
                           headers: ["Retry-After": "1"]))
        }
        return false
    }

    /// Returns the current request's body bytes to the budget (its handler is done, or it was refused).
    func releaseBody() {
        context.bodyBudget.release(reservedBodyBytes, for: peer)
        reservedBodyBytes = 0
        bodyBytesRead = 0
    }
}
