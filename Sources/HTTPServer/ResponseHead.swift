import Foundation

/// Serialises a status line and header block. The server owns the framing headers
/// (`Content-Length`, `Transfer-Encoding`, `Connection`), so handlers cannot get them wrong.
enum ResponseHead {
    private static let framingHeaders = ["content-length", "transfer-encoding", "connection", "date", "server"]

    static func write(_ response: Response, contentLength: Int?, chunked: Bool, keepAlive: Bool,
                      requestID: String?, serverName: String, into out: inout OutboundBuffer) {
        var head = "HTTP/1.1 \(response.status) \(HTTPStatus.reason(response.status))\r\n"
        head += "Server: \(serverName)\r\nDate: \(HTTPDate.now())\r\n"
        if let contentLength { head += "Content-Length: \(contentLength)\r\n" }
        if chunked { head += "Transfer-Encoding: chunked\r\n" }
        if !keepAlive { head += "Connection: close\r\n" }
        if let requestID { head += "X-Request-Id: \(requestID)\r\n" }
        for field in response.headers where !framingHeaders.contains(field.name.lowercased()) {
            head += "\(field.name): \(sanitized(field.value))\r\n"
        }
        head += "\r\n"
        out.append(head)
    }

    /// A header value can never end the line early: CR and LF would let one header forge another.
    private static func sanitized(_ value: String) -> String {
        value.contains(where: { $0 == "\r" || $0 == "\n" })
            ? value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            : value
    }
}
