/// The route's head check, run between a request's head and its body: it can refuse the
/// request before any of its body is read (the machine waits in `.checkingHead`).
extension HTTPConnection {
    /// Runs the route's head check as a task on this loop.
    func startHeadCheck(_ headCheck: @escaping HeadCheck) {
        guard let head = machine.head else { return }
        let request = Request(method: head.method, target: head.target, headers: head.headers, body: [],
                              requestID: RequestID.accept(head.headers["X-Request-Id"], generator: &loop.requestIDs), remoteAddress: peer,
                              pathParameters: machine.parameters, route: machine.route?.pattern)
        checkedRequestID = request.requestIDValue
        let context = self.context, me = LoopOwned(self), loop = self.loop
        let task = Task.immediate(executorPreference: loop) {
            let verdict = await context.check(request, with: headCheck)
            if loop.inLoop {
                me.object.headChecked(verdict)
            } else {
                loop.execute { _ in me.object.headChecked(verdict) }
            }
        }
        if machine.phase == .checkingHead { handlerTask = task }
    }

    private func headChecked(_ verdict: HeadVerdict) {
        guard machine.phase == .checkingHead else { return }
        handlerTask = nil
        switch verdict {
        case .refuse(let response):
            refuse(response)
        case .admit(let value):
            admission = value
            perform(machine.headAdmitted(now: loop.clock.now()))
        }
    }
}
