/// One structured line per answered request. Paths pass through the redactor, and header
/// values are never logged (only the user agent), so credentials cannot leak through here.
enum AccessLog {
    static func write(context: ServerContext, request: Request?, method: String, route: String,
                      secretParameters: Set<String>, status: Int, bytes: Int, seconds: Double, peer: String) {
        let path = request.map { context.logger.redactor.loggablePath($0, secretParameters: secretParameters) } ?? "-"
        context.logger.info("request", [
            "requestId": .string(request?.requestID ?? "-"),
            "method": .string(method),
            "route": .string(route),
            "path": .string(path),
            "status": .int(status),
            "bytes": .int(bytes),
            "durationMs": .double(seconds * 1000),
            "remote": .string(peer),
            "userAgent": .string(request?.headers["User-Agent"] ?? "-"),
        ])
    }
}
