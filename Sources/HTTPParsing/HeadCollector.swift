import CHTTPParser

/// Gathers the pieces http-parser hands over (possibly split across reads) into a `RequestHead`,
/// and applies the framing rules: one Content-Length at most, never together with
/// Transfer-Encoding, and `chunked` as the only transfer coding.
struct HeadCollector {
    private let limits: ParserLimits
    private var url: [UInt8] = []
    private var fields: [(name: String, value: String)] = []
    private var field: [UInt8] = []
    private var value: [UInt8] = []
    private var readingValue = false

    init(limits: ParserLimits) {
        self.limits = limits
    }

    /// Empties the collector for the next request on the connection, keeping its buffers.
    mutating func reset() {
        url.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        readingValue = false
    }

    mutating func appendURL(_ bytes: UnsafeRawBufferPointer) -> HTTPParseError? {
        guard url.count + bytes.count <= limits.maxURIBytes else { return .uriTooLong }
        url.append(contentsOf: bytes)
        return nil
    }

    mutating func appendField(_ bytes: UnsafeRawBufferPointer) -> HTTPParseError? {
        if readingValue {
            commitField()
            guard fields.count < limits.maxHeaderCount else { return .headerTooLarge }
        }
        field.append(contentsOf: bytes)
        return nil
    }

    mutating func appendValue(_ bytes: UnsafeRawBufferPointer) {
        readingValue = true
        value.append(contentsOf: bytes)
    }

    /// http-parser drops the whitespace before a value but hands over the whitespace after it;
    /// RFC 9110 §5.5 excludes both from the field value, so `Idempotency-Key: k1 ` is `k1`.
    private mutating func commitField() {
        while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { value.removeLast() }
        fields.append((name: String(decoding: field, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
        field.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        readingValue = false
    }

    mutating func finish(parser: http_parser) -> Result<RequestHead, HTTPParseError> {
        if readingValue || !field.isEmpty { commitField() }
        // RFC 9112 §5.1: no whitespace between a field name and its colon; a server must refuse it,
        // since a proxy may read `Content-Length : 3` differently.
        if let bad = fields.first(where: { !HTTPHeaders.isValidFieldName($0.name) }) {
            return .failure(.malformed("invalid header field name \"\(bad.name)\""))
        }
        // RFC 9112 §3.2: the request target is ASCII; raw bytes above 0x7F must be percent-encoded.
        if url.contains(where: { $0 >= 0x80 || $0 < 0x21 }) {
            return .failure(.malformed("request target contains characters that must be percent-encoded"))
        }
        let headers = HTTPHeaders(fields: fields)

        let lengths = headers.values("Content-Length")
        let codings = headers.values("Transfer-Encoding")
        if lengths.count > 1 { return .failure(.ambiguousFraming("Content-Length repeated")) }
        if !lengths.isEmpty && !codings.isEmpty {
            return .failure(.ambiguousFraming("both Content-Length and Transfer-Encoding"))
        }
        if codings.count > 1 || (codings.first.map { !$0.trimmingASCIISpaces().equalsIgnoringASCIICase("chunked") } ?? false) {
            return .failure(.ambiguousFraming("Transfer-Encoding other than a single chunked"))
        }
        var contentLength: Int?
        if let declared = lengths.first {
            guard let n = Int(declared.trimmingASCIISpaces()), n >= 0 else {
                return .failure(.malformed("invalid Content-Length"))
            }
            contentLength = n
        }
        let major = Int(parser.http_major), minor = Int(parser.http_minor)
        guard major == 1 else { return .failure(HTTPParseError(
            status: 505, code: "http.version_not_supported", message: "Only HTTP/1.x is supported")) }

        let method = HTTPMethod(parserCode: parser.method)
        // CONNECT makes http-parser stop at the head and leave what follows unparsed: we are
        // not a proxy, so refuse it rather than read a tunnel as the next request.
        if method == "CONNECT" { return .failure(.malformed("CONNECT is not supported")) }
        if !codings.isEmpty && minor == 0 { return .failure(.ambiguousFraming("chunked Transfer-Encoding in HTTP/1.0")) }
        if parser.upgrade == 1 && (!codings.isEmpty || (contentLength ?? 0) > 0) {
            return .failure(.malformed("an upgrade request cannot carry a body"))
        }
        var copy = parser
        let head = RequestHead(
            method: method,
            target: String(decoding: url, as: UTF8.self),
            versionMajor: major,
            versionMinor: minor,
            headers: headers,
            keepAlive: http_should_keep_alive(&copy) != 0,
            contentLength: contentLength,
            isChunked: !codings.isEmpty,
            expectsContinue: headers["Expect"].map { $0.trimmingASCIISpaces().equalsIgnoringASCIICase("100-continue") } ?? false,
            isUpgrade: parser.upgrade == 1 || headers.hasToken("upgrade", in: "Connection") && headers.contains("Upgrade"))
        return .success(head)
    }
}
