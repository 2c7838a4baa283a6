/// Server-Sent Events (WHATWG HTML §9.2) over a streamed response. The Coach chat and live
/// insights use it: `Response.eventStream { events in try await events.send(data: "…") }`.
public struct EventStreamWriter: Sendable {
    let writer: ResponseBodyWriter

    /// One event. Multi-line data becomes several `data:` lines, as the format requires: CR,
    /// LF and CRLF all end a line in SSE, so each starts a new `data:` line and none can smuggle
    /// in a field of its own. Line breaks inside `event` or `id` are refused.
    public func send(event: String? = nil, id: String? = nil, data: String) async throws {
        var frame = ""
        if let event { frame += "event: \(try Self.singleLine(event))\n" }
        if let id { frame += "id: \(try Self.singleLine(id))\n" }
        for line in Self.lines(data) { frame += "data: \(line)\n" }
        try await writer.write(frame + "\n")
    }

    /// Splits at CRLF, CR or LF, the way an SSE client does (byte-wise: "\r\n" is one Character).
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        lines.append(String(decoding: current, as: UTF8.self))
        return lines
    }

    /// A comment line: keeps proxies from timing out an idle stream; clients ignore it.
    public func heartbeat() async throws {
        try await writer.write(":\n\n")
    }

    /// Asks the client to wait `milliseconds` before reconnecting.
    public func retry(milliseconds: Int) async throws {
        try await writer.write("retry: \(milliseconds)\n\n")
    }

    private static func singleLine(_ value: String) throws -> String {
        guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            throw HTTPError(status: 500, code: "sse.invalid_field", message: "SSE field contains a line break")
        }
        return value
    }
}

extension Response {
    public static func eventStream(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(),
                                   _ produce: @escaping @Sendable (EventStreamWriter) async throws -> Void) -> Response {
        var allHeaders = headers
        allHeaders.set("Cache-Control", "no-cache")
        allHeaders.set("X-Accel-Buffering", "no")
        return .stream(status: status, contentType: "text/event-stream; charset=utf-8", headers: allHeaders) { writer in
            try await produce(EventStreamWriter(writer: writer))
        }
    }
}
