import HTTPParsing

/// Serialises a status line and header block straight into the outbound buffer. The server owns
/// the framing headers (`Content-Length`, `Transfer-Encoding`, `Connection`), so handlers cannot
/// get them wrong. This runs once per response, hence bytes rather than string building.
enum ResponseHead {
    static func write(_ response: Response, contentLength: Int?, chunked: Bool, keepAlive: Bool,
                      requestID: RequestID.Value?, serverName: String, loop: EventLoop, at now: Double, into out: inout OutboundBuffer) {
        if response.status == 200 { out.append(static: "HTTP/1.1 200 OK\r\n") } else { out.append(statusLine(response.status)) }
        out.append(HTTPDate.serverAndDateLines(serverName: serverName, at: loop.clock.wallTime(at: now).seconds, cache: &loop.dateHeader))
        if let contentLength {
            out.append(static: "Content-Length: ")
            out.appendDecimal(contentLength)
            out.append(static: "\r\n")
        }
        if chunked { out.append(static: "Transfer-Encoding: chunked\r\n") }
        if !keepAlive { out.append(static: "Connection: close\r\n") }
        if let requestID {
            out.append(static: "X-Request-Id: ")
            out.append(requestID)
            out.append(static: "\r\n")
        }
        if let lines = response.preparedHeaderLines {
            out.append(lines)
        } else {
            out.appendBytes { appendHeaderLines(response.headers, to: &$0) }
        }
        out.append(static: "\r\n")
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
