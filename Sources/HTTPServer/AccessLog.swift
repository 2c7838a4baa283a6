/// One structured line per answered request. Paths pass through the redactor, and header
/// values are never logged (only the user agent), so credentials cannot leak through here.
/// The fields are fixed and known to be safe, so the line is built without per-key checks.
enum AccessLog {
    /// Appends the line to the loop's log buffer; the loop hands the buffer to the logger once
    /// per iteration, so loops never contend for the log sink request by request.
    /// `time` is the response's wall-clock time, from the clock read that also timed it.
    static func write(context: ServerContext, loop: EventLoop, request: Request?, method: String, route: String,
                      status: Int, bytes: Int, seconds: Double, time: WallTime, peer: String) {
        guard context.logger.minimumLevel <= .info else { return }
        // The fixed parts between values are written in one piece each: the line is
        // `{"ts":…,"level":"info","msg":"request",` then the fields below, in this order.
        var line = LogLine(appendingTo: &loop.logBuffer, scratch: loop.stagingArea, at: time, timestamps: &loop.logTimestamps)
        line.raw("\",\"level\":\"info\",\"msg\":\"request\",\"requestId\":\"")
        if let request { line.requestID(request.requestIDValue) } else { line.raw("-") }
        line.raw("\",\"method\":\"")
        line.escaped(method)
        line.raw("\",\"route\":\"")
        line.escaped(route)
        line.raw("\",\"path\":\"")
        if let request {
            // A target without a query on a server without secret route parameters is logged as
            // it is (what the redactor would return, without its copies).
            if !context.router.hasSecretParameters && request.target.utf8.count == request.path.utf8.count {
                line.escaped(request.path)
            } else {
                line.escaped(context.logger.redactor.loggablePath(request, secretValues: context.router.secretValues(in: request.path)))
            }
        } else {
            line.raw("-")
        }
        line.raw("\",\"status\":")
        line.decimal(status)
        line.raw(",\"bytes\":")
        line.decimal(bytes)
        line.raw(",\"durationMs\":")
        line.milliseconds(Int(seconds * 1_000_000))
        line.raw(",\"remote\":\"")
        line.escaped(peer)
        line.raw("\",\"userAgent\":\"")
        line.escaped(request?.headers["User-Agent"] ?? "-")
        line.raw("\"")
        loop.logBuffer = line.finish()
    }
}
