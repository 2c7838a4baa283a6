import HTTPParsing

/// Serialises a status line and header block straight into the outbound buffer. The server owns
/// the framing headers (`Content-Length`, `Transfer-Encoding`, `Connection`), so handlers cannot
/// get them wrong. This runs once per response, hence bytes rather than string building.
enum ResponseHead {
    /// `body`: bytes that follow the head at once (a whole body), appended with it.
    static func write(_ response: Response, contentLength: Int?, chunked: Bool, keepAlive: Bool, requestID: RequestID.Value?,
                      serverName: String, loop: EventLoop, at now: Double, body: [UInt8] = [], into out: inout OutboundBuffer) {
        out.appendStaged(through: loop.stagingArea) { head in
            if response.status == 200 { head.append(static: "HTTP/1.1 200 OK\r\n") } else { head.appendUTF8(statusLine(response.status)) }
            HTTPDate.appendServerAndDateLines(serverName: serverName, at: loop.clock.wallTime(at: now).seconds, cache: &loop.dateHeader, to: &head)
            if let contentLength {
                head.append(static: "Content-Length: ")
                head.appendDecimal(contentLength)
                head.append(static: "\r\n")
            }
            if chunked { head.append(static: "Transfer-Encoding: chunked\r\n") }
            if !keepAlive { head.append(static: "Connection: close\r\n") }
            if let requestID {
                head.append(static: "X-Request-Id: ")
                requestID.append(to: &head)
                head.append(static: "\r\n")
            }
            if let lines = response.preparedHeaderLines {
                head.append(lines)
            } else {
                head.appendDirectly { appendHeaderLines(response.headers, to: &$0) }
            }
            head.append(static: "\r\n")
            head.append(body)
        }
    }

    /// The handler's header lines as sent: fields whose name is not a token, and the framing
    /// fields the server writes itself, are left out; CR, LF and NUL in a value become spaces, so
    /// one header can never forge another. `Response.prepared()` runs this once for a response
    /// answered many times.
    static func appendHeaderLines(_ headers: HTTPHeaders, to out: inout [UInt8]) {
        for field in headers where HTTPHeaders.isValidFieldName(field.name) && !isFramingHeader(field.name) {
            out.append(contentsOf: field.name.utf8)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            if field.value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
                out.append(contentsOf: field.value.utf8.map { $0 == 13 || $0 == 10 || $0 == 0 ? 32 : $0 })
            } else {
                out.append(contentsOf: field.value.utf8)
            }
            out.append(13)
            out.append(10)
        }
    }

    /// `Content-Length`, `Transfer-Encoding`, `Connection`, `Date`, `Server`: the server's own.
    private static func isFramingHeader(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: return name.equalsIgnoringASCIICase("Date")
        case 6: return name.equalsIgnoringASCIICase("Server")
        case 10: return name.equalsIgnoringASCIICase("Connection")
        case 14: return name.equalsIgnoringASCIICase("Content-Length")
        case 17: return name.equalsIgnoringASCIICase("Transfer-Encoding")
        default: return false
        }
    }

    private static let commonStatusLines: [Int: String] = Dictionary(
        uniqueKeysWithValues: [200, 201, 202, 204, 400, 401, 403, 404, 405, 409, 413, 422, 429, 500].map { ($0, line($0)) })

    private static func statusLine(_ status: Int) -> String { commonStatusLines[status] ?? line(status) }

    private static func line(_ status: Int) -> String { "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n" }
}
