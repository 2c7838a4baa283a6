import CHTTPParser

/// Incremental HTTP/1.1 request parser: Node's http-parser (C) does the tokenising; this
/// wrapper adds the limits and the request-smuggling checks the C library leaves to its user.
///
/// It stops after each head that announces a body (so the caller can route, check the body
/// limit and answer `100 Continue`) and after each complete message (so pipelined requests are
/// answered in order). A request without a body comes out whole, in one step.
public final class HTTPRequestParser {
    public enum Event {
        case head(RequestHead)
        /// The request whose `.head` came before is complete. After an upgrade the remaining
        /// bytes belong to the new protocol.
        case message(body: [UInt8])
        /// A request with no body, head and end at once.
        case complete(RequestHead)
    }

    public struct Step {
        /// Bytes of the input used; pass the rest in the next call.
        public let consumed: Int
        public let event: Event?
    }

    public let limits: ParserLimits
    /// Body bytes allowed for the current request; set it after `.head`, before parsing on.
    public var bodyLimit: Int

    private var parser = http_parser()
    private var settings = http_parser_settings()
    private var collector: HeadCollector
    private var lineScanner = HeadLineScanner()
    private var chunkScanner: ChunkedFramingScanner?
    /// After a head event the next input starts with the head's final LF (http-parser pauses just before it).
    private var headTerminatorPending = false
    private var headBytes = 0
    private var headComplete = false
    private var messageDone = false
    private var body: [UInt8] = []
    private var pendingEvent: Event?
    /// The head of a body-less request, held until its end is parsed in the same step.
    private var bodylessHead: RequestHead?
    private var callbackError: HTTPParseError?

    public init(limits: ParserLimits = ParserLimits()) {
        self.limits = limits
        self.bodyLimit = limits.defaultBodyBytes
        self.collector = HeadCollector(limits: limits)
        installCallbacks()
        resetForNextMessage()
    }

    /// Prepares for a new request on the same connection; `parse` does it by itself after `.message`.
    public func resetForNextMessage() {
        http_parser_init(&parser, HTTP_REQUEST)
        collector.reset()
        lineScanner = HeadLineScanner()
        chunkScanner = nil
        headTerminatorPending = false
        headBytes = 0
        headComplete = false
        bodylessHead = nil
        messageDone = false
        body = []
        bodyLimit = limits.defaultBodyBytes
    }

    public func parse(_ input: UnsafeRawBufferPointer) throws(HTTPParseError) -> Step {
        if messageDone { resetForNextMessage() }
        guard !input.isEmpty, let base = input.baseAddress else { return Step(consumed: 0, event: nil) }
        var length = input.count
        if !headComplete {
            // Feed no more than the head allowance, so a huge header block is refused at 16 KiB
            // rather than at whatever the C library's compile-time ceiling is.
            length = min(length, limits.maxHeaderBytes - headBytes + 1)
        }
        pendingEvent = nil
        callbackError = nil
        let wasReadingHead = !headComplete
        parser.data = Unmanaged.passUnretained(self).toOpaque()
        let consumed = base.withMemoryRebound(to: CChar.self, capacity: length) {
            http_parser_execute(&parser, &settings, $0, length)
        }
        defer { parser.data = nil }

        if let error = callbackError { throw error }
        let parsed = UnsafeRawBufferPointer(start: base, count: consumed)
        if wasReadingHead {
            switch lineScanner.scan(parsed) {
            case .obsoleteFolding: throw .ambiguousFraming("obsolete line folding in a header field")
            case .bareCarriageReturn: throw .ambiguousFraming("CR not followed by LF in the request head")
            case nil: break
            }
            headBytes += consumed
        } else {
            var body = parsed[...]
            if headTerminatorPending, let first = body.first {
                // The non-strict build ends a head on CR followed by any byte; only CRLF (or a lone LF) may.
                guard first == 0x0A else { throw .ambiguousFraming("CR not followed by LF in the request head") }
                headTerminatorPending = false
                body = body.dropFirst()
            }
            if chunkScanner != nil { try checkChunkFraming(UnsafeRawBufferPointer(rebasing: body)) }
        }
        let errno = http_errno(parser.http_errno)
        if errno == HPE_PAUSED {
            http_parser_pause(&parser, 0)
        } else if errno == HPE_INVALID_METHOD && Self.startsWithMethodToken(input) {
            // RFC 9110 §9.1: a well-formed method the server does not know is 501, not a malformed request.
            throw HTTPParseError(status: 501, code: "http.method_not_implemented", message: "Request method is not implemented")
        } else if errno != HPE_OK {
            throw Self.translate(errno)
        }
        if wasReadingHead && headBytes > limits.maxHeaderBytes { throw .headerTooLarge }
        // Handed over, not kept: a head left here would share its header array with the
        // collector, whose reset for the next request would then allocate a new one.
        return Step(consumed: consumed, event: pendingEvent.take())
    }

    private func checkChunkFraming(_ body: UnsafeRawBufferPointer) throws(HTTPParseError) {
        guard chunkScanner!.scan(body) else {
            throw .ambiguousFraming("chunked body does not follow RFC 9112 framing")
        }
        if case .message = pendingEvent, !chunkScanner!.isComplete {
            throw .ambiguousFraming("chunked body ended early")
        }
    }

    /// `TOKEN SP` at the start of the input: a request line with a method name of some kind.
    private static func startsWithMethodToken(_ input: UnsafeRawBufferPointer) -> Bool {
        guard let space = input.prefix(32).firstIndex(of: 0x20), space > 0 else { return false }
        return HTTPHeaders.isValidFieldName(String(decoding: input[..<space], as: UTF8.self))
    }

    private static func translate(_ errno: http_errno) -> HTTPParseError {
        switch errno {
        case HPE_UNEXPECTED_CONTENT_LENGTH:
            return .ambiguousFraming("Content-Length with Transfer-Encoding, or Content-Length repeated")
        case HPE_INVALID_TRANSFER_ENCODING:
            return .ambiguousFraming("unsupported Transfer-Encoding")
        case HPE_HEADER_OVERFLOW:
            return .headerTooLarge
        default:
            return .malformed(String(cString: http_errno_description(errno)))
        }
    }

    // MARK: callbacks (C function pointers cannot capture: context travels in `parser.data`)

    /// The wrapper behind a C callback. `parse` keeps it alive for the whole call, so no
    /// retain/release is needed per callback (five or more per request).
    private static func with<T>(_ p: UnsafeMutablePointer<http_parser>?, _ body: (HTTPRequestParser) -> T) -> T {
        Unmanaged<HTTPRequestParser>.fromOpaque(p!.pointee.data)._withUnsafeGuaranteedRef(body)
    }

    private static func bytes(_ at: UnsafePointer<CChar>?, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: at, count: count)
    }

    private func fail(_ error: HTTPParseError) -> Int32 {
        callbackError = error
        return 1
    }

    private func installCallbacks() {
        settings.on_url = { p, at, n in
            HTTPRequestParser.with(p) { me in
                if let error = me.collector.appendURL(HTTPRequestParser.bytes(at, n)) { return me.fail(error) }
                return 0
            }
        }
        settings.on_header_field = { p, at, n in
            HTTPRequestParser.with(p) { me in
                if let error = me.collector.appendField(HTTPRequestParser.bytes(at, n)) { return me.fail(error) }
                return 0
            }
        }
        settings.on_header_value = { p, at, n in
            HTTPRequestParser.with(p) { me in
                me.collector.appendValue(HTTPRequestParser.bytes(at, n))
                return 0
            }
        }
        settings.on_headers_complete = { p in
            HTTPRequestParser.with(p) { me in me.headersComplete(p) }
        }
        settings.on_body = { p, at, n in
            HTTPRequestParser.with(p) { me in
                guard me.body.count + n <= me.bodyLimit else { return me.fail(.bodyTooLarge) }
                me.body.append(contentsOf: HTTPRequestParser.bytes(at, n))
                return 0
            }
        }
        settings.on_message_complete = { p in
            HTTPRequestParser.with(p) { me in me.messageComplete(p) }
        }
    }

    /// The head is parsed: hold it (a request without a body comes out whole later) or stop here.
    private func headersComplete(_ p: UnsafeMutablePointer<http_parser>?) -> Int32 {
        switch collector.finish(parser: p!.pointee) {
        case .success(let head):
            headComplete = true
            guard head.isChunked || (head.contentLength ?? 0) > 0 || head.isUpgrade else {
                bodylessHead = head  // nothing to decide before the end: parse straight on
                return 0
            }
            headTerminatorPending = true
            if head.isChunked { chunkScanner = ChunkedFramingScanner() }
            pendingEvent = .head(head)
            http_parser_pause(p, 1)
            return 0
        case .failure(let error):
            return fail(error)
        }
    }

    private func messageComplete(_ p: UnsafeMutablePointer<http_parser>?) -> Int32 {
        if let head = bodylessHead.take() {
            pendingEvent = .complete(head)
        } else {
            pendingEvent = .message(body: body)
        }
        messageDone = true
        http_parser_pause(p, 1)
        return 0
    }
}
