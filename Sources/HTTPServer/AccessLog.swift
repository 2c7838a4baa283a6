/// One structured line per answered request. Paths pass through the redactor, and header
/// values are never logged (only the user agent), so credentials cannot leak through here.
/// The fields are fixed and known to be safe, so the line is built without per-key checks.
enum AccessLog {
    /// Appends the line to the loop's log buffer; the loop hands the buffer to the logger once
    /// per iteration, so loops never contend for the log sink request by request.
    static func write(context: ServerContext, loop: EventLoop, request: Request?, method: String, route: String,
                      status: Int, bytes: Int, seconds: Double, peer: String) {
        guard context.logger.minimumLevel <= .info else { return }
        let path = request.map { request in
            context.logger.redactor.loggablePath(request, secretValues: context.router.secretValues(in: request.path))
        } ?? "-"
        var buffer: [UInt8] = []
        swap(&buffer, &loop.logBuffer)
        var line = LogLine(appendingTo: buffer, level: "info", message: "request", timestamps: &loop.logTimestamps)
        line.field("requestId", request?.requestID ?? "-")
        line.field("method", method)
        line.field("route", route)
        line.field("path", path)
        line.field("status", status)
        line.field("bytes", bytes)
        line.field("durationMs", milliseconds: Int(seconds * 1_000_000))
        line.field("remote", peer)
        line.field("userAgent", request?.headers["User-Agent"] ?? "-")
        loop.logBuffer = line.finish()
    }
}
