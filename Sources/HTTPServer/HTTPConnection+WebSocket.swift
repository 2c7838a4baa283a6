/// The upgrade from HTTP to WebSocket (RFC 6455 §4.2): validate, answer 101, hand the socket
/// to the route's handler, and feed it whatever bytes already arrived after the request.
extension HTTPConnection {
    func startWebSocket(request: Request, handler: @escaping WebSocketHandler) {
        let accept: String
        do {
            accept = try WebSocketHandshake.validate(method: request.method.rawValue, headers: request.headers.fields)
        } catch {
            var refusal = HTTPError(status: error.httpStatus, code: "websocket.handshake_failed", message: error.description)
            for header in error.responseHeaders { refusal.headers.add(header.name, header.value) }
            deliver(context.errorRenderer.render(refusal))
            return
        }
        var response = "HTTP/1.1 101 Switching Protocols\r\n"
        for header in WebSocketHandshake.switchingProtocolsHeaders(accept: accept) { response += "\(header.name): \(header.value)\r\n" }
        machine.outbound.append(response + "X-Request-Id: \(request.requestID)\r\n\r\n")
        finishUpgrade(status: 101)

        let me = LoopBound(self), loop = self.loop
        let inbox = WebSocketInbox(resumeReading: {
            loop.execute { _ in
                me.object?.webSocket?.inboxFull = false
                me.object?.updateReadInterest()
            }
        })
        let session = WebSocketSession(
            connection: self,
            limits: WebSocketLimits(maxFrameSize: context.configuration.webSocketMaxFrameBytes,
                                    maxMessageSize: context.configuration.webSocketMaxMessageBytes),
            inbox: inbox)
        webSocket = session
        let early = machine.upgraded()
        let socket = WebSocket(session: session, loop: loop, inbox: inbox)
        streamTask = Task(executorPreference: loop) {
            await handler(request, socket)
            loop.execute { _ in me.object?.webSocket?.handlerFinished() }
        }
        flush()
        if !early.isEmpty { early.withUnsafeBytes { session.receive($0) } }
        updateReadInterest()
    }
}
