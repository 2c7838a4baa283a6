/// Serialises a status line and header block. The server owns the framing headers
/// (`Content-Length`, `Transfer-Encoding`, `Connection`), so handlers cannot get them wrong.
/// Written as bytes: this runs once per response.
import HTTPParsing

enum ResponseHead {
    private static let framingHeaders = ["Content-Length", "Transfer-Encoding", "Connection", "Date", "Server"]

    static func write(_ response: Response, contentLength: Int?, chunked: Bool, keepAlive: Bool,
                      requestID: String?, serverName: String, loop: EventLoop, into out: inout OutboundBuffer) {
        var head: [UInt8] = []
        head.reserveCapacity(256)
        head.append(contentsOf: "HTTP/1.1 \(response.status) \(HTTPStatus.reason(response.status))\r\nServer: ".utf8)
        head.append(contentsOf: serverName.utf8)
        head.append(contentsOf: HTTPDate.headerLine(cache: &loop.dateHeader))
        if let contentLength {
            head.append(contentsOf: "Content-Length: ".utf8)
            head.append(contentsOf: String(contentLength).utf8)
            head.append(contentsOf: [13, 10])
        }
        if chunked { head.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8) }
        if !keepAlive { head.append(contentsOf: "Connection: close\r\n".utf8) }
        if let requestID {
            head.append(contentsOf: "X-Request-Id: ".utf8)
            head.append(contentsOf: requestID.utf8)
            head.append(contentsOf: [13, 10])
        }
        for field in response.headers where HTTPHeaders.isValidFieldName(field.name)
            && !framingHeaders.contains(where: { $0.equalsIgnoringASCIICase(field.name) }) {
            head.append(contentsOf: field.name.utf8)
            head.append(contentsOf: ": ".utf8)
            // A value can never end the line early: CR, LF (or NUL) would let one header forge another.
            head.append(contentsOf: field.value.utf8.map { $0 == 13 || $0 == 10 || $0 == 0 ? 32 : $0 })
            head.append(contentsOf: [13, 10])
        }
        head.append(contentsOf: [13, 10])
        out.append(head)
    }
}
