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
        // One pass over the fields finds what framing depends on; lookups by name would walk them once per name.
        var framing = FramingFields()
        for field in fields {
            // RFC 9112 §5.1: no whitespace between a field name and its colon; a server must refuse
            // it, since a proxy may read `Content-Length : 3` differently.
            guard HTTPHeaders.isValidFieldName(field.name) else {
                return .failure(.malformed("invalid header field name \"\(field.name)\""))
            }
            framing.note(field)
        }
        // RFC 9112 §3.2: the request target is ASCII; raw bytes above 0x7F must be percent-encoded.
        if url.contains(where: { $0 >= 0x80 || $0 < 0x21 }) {
            return .failure(.malformed("request target contains characters that must be percent-encoded"))
        }
        let headers = HTTPHeaders(fields: fields)

        if framing.lengths > 1 { return .failure(.ambiguousFraming("Content-Length repeated")) }
        if framing.lengths > 0 && framing.codings > 0 {
            return .failure(.ambiguousFraming("both Content-Length and Transfer-Encoding"))
        }
        if framing.codings > 1 || (framing.coding.map { !$0.trimmingASCIISpaces().equalsIgnoringASCIICase("chunked") } ?? false) {
            return .failure(.ambiguousFraming("Transfer-Encoding other than a single chunked"))
        }
        var contentLength: Int?
        if let declared = framing.contentLength {
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
        if framing.codings > 0 && minor == 0 { return .failure(.ambiguousFraming("chunked Transfer-Encoding in HTTP/1.0")) }
        if parser.upgrade == 1 && (framing.codings > 0 || (contentLength ?? 0) > 0) {
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
            isChunked: framing.codings > 0,
            expectsContinue: framing.expect.map { $0.trimmingASCIISpaces().equalsIgnoringASCIICase("100-continue") } ?? false,
            isUpgrade: parser.upgrade == 1 || framing.connectionUpgrade && framing.hasUpgrade)
        return .success(head)
    }
}

/// The fields a request's framing depends on, gathered in one pass over the head.
private struct FramingFields {
    var lengths = 0
    /// The first `Content-Length`, `Transfer-Encoding` and `Expect` values.
    var contentLength: String?
    var codings = 0
    var coding: String?
    var expect: String?
    /// `Connection` lists `upgrade`, and an `Upgrade` field is present.
    var connectionUpgrade = false
    var hasUpgrade = false

    /// Names are compared only when their length matches one of the five.
    mutating func note(_ field: (name: String, value: String)) {
        switch field.name.utf8.count {
        case 14 where field.name.equalsIgnoringASCIICase("Content-Length"):
            lengths += 1
            if contentLength == nil { contentLength = field.value }
        case 17 where field.name.equalsIgnoringASCIICase("Transfer-Encoding"):
            codings += 1
            if coding == nil { coding = field.value }
        case 6 where field.name.equalsIgnoringASCIICase("Expect"):
            if expect == nil { expect = field.value }
        case 10 where field.name.equalsIgnoringASCIICase("Connection"):
            connectionUpgrade = connectionUpgrade
                || field.value.split(separator: ",").contains { $0.trimmingASCIISpaces().equalsIgnoringASCIICase("upgrade") }
        case 7 where field.name.equalsIgnoringASCIICase("Upgrade"):
            hasUpgrade = true
        default:
            break
        }
    }
}
