import HTTPParsing

/// Serialises a status line and header block straight into the outbound buffer. The server owns
/// the framing headers (`Content-Length`, `Transfer-Encoding`, `Connection`), so handlers cannot
/// get them wrong. This runs once per response, hence bytes rather than string building.
enum ResponseHead {
    private static let framingHeaders = ["Content-Length", "Transfer-Encoding", "Connection", "Date", "Server"]
    private static let crlf: StaticString = "\r\n"

    static func write(_ response: Response, contentLength: Int?, chunked: Bool, keepAlive: Bool,
                      requestID: String?, serverName: String, loop: EventLoop, into out: inout OutboundBuffer) {
        if response.status == 200 { out.append(static: "HTTP/1.1 200 OK\r\n") } else { out.append(statusLine(response.status)) }
        out.append(HTTPDate.serverAndDateLines(serverName: serverName, cache: &loop.dateHeader))
        if let contentLength {
            out.append("Content-Length: ")
            out.appendDecimal(contentLength)
            out.append("\r\n")
        }
        if chunked { out.append("Transfer-Encoding: chunked\r\n") }
        if !keepAlive { out.append("Connection: close\r\n") }
        if let requestID {
            out.append("X-Request-Id: ")
            out.append(requestID)
            out.append("\r\n")
        }
        for field in response.headers where HTTPHeaders.isValidFieldName(field.name)
            && !framingHeaders.contains(where: { $0.equalsIgnoringASCIICase(field.name) }) {
            out.append(field.name)
            out.append(": ")
            // A value can never end the line early: CR, LF (or NUL) would let one header forge another.
            if field.value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
                out.append(field.value.utf8.map { $0 == 13 || $0 == 10 || $0 == 0 ? 32 : $0 })
            } else {
                out.append(field.value)
            }
            out.append("\r\n")
        }
        out.append("\r\n")
    }

    private static let commonStatusLines: [Int: String] = Dictionary(
        uniqueKeysWithValues: [200, 201, 202, 204, 400, 401, 403, 404, 405, 409, 413, 422, 429, 500].map { ($0, line($0)) })

    private static func statusLine(_ status: Int) -> String { commonStatusLines[status] ?? line(status) }

    private static func line(_ status: Int) -> String { "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n" }
}
