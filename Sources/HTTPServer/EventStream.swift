import Foundation

/// Server-Sent Events (WHATWG HTML §9.2) over a streamed response. The Coach chat and live
/// insights use it: `Response.eventStream { events in try await events.send(data: "…") }`.
public struct EventStreamWriter: Sendable {
    let writer: ResponseBodyWriter

    /// One event. Multi-line data becomes several `data:` lines, as the format requires;
    /// CR and LF inside `event` or `id` would end the field early, so they are refused.
    public func send(event: String? = nil, id: String? = nil, data: String) async throws {
        var frame = ""
        if let event { frame += "event: \(try Self.singleLine(event))\n" }
        if let id { frame += "id: \(try Self.singleLine(id))\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            frame += "data: \(line.replacingOccurrences(of: "\r", with: ""))\n"
        }
        try await writer.write(frame + "\n")
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
        guard !value.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            throw HTTPError(status: 500, code: "sse.invalid_field", message: "SSE field contains a line break")
        }
        return value
    }
}

extension Response {
    public static func eventStream(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(),
                                   _ produce: @escaping @Sendable (EventStreamWriter) async throws -> Void) -> Response {
        var allHeaders = headers
        allHeaders.set("Content-Type", "text/event-stream; charset=utf-8")
        allHeaders.set("Cache-Control", "no-cache")
        allHeaders.set("X-Accel-Buffering", "no")
        return Response(status: status, headers: allHeaders, body: .stream { writer in
            try await produce(EventStreamWriter(writer: writer))
        })
    }
}
