import Foundation
@_exported import HTTPParsing

/// One complete HTTP request, as handlers see it. A value type whose fields live in one
/// shared box: the request travels through the connection, the task, every middleware and the
/// access log, and copying it costs one reference count instead of one per field. The fields
/// the connection fills in after parsing are set before the request is shared (and copy the
/// box if it ever is).
public struct Request: Sendable {
    private final class Fields: @unchecked Sendable {
        // Written only while one `Request` holds the box: by `assign`, or by the setters below
        // after `unique()`.
        var method = HTTPMethod.get
        var target = ""
        var path = ""
        var rawQuery = ""
        var headers = HTTPHeaders()
        var body: [UInt8] = []
        var requestID = RequestID.Value(generated: 0, 0)
        var remoteAddress = ""
        var pathParameters: [String: String] = [:]
        var route: String?
        var admission: (any Sendable)?
        var endpoint: Router.Handler?

        /// Gives the box a request's fields, whether it is new or reused: every initialiser
        /// comes here. The handler is placed later (`endpoint`), so a reused box's is cleared.
        /// The arguments are consumed, so each is moved into its field rather than copied.
        func assign(method: consuming HTTPMethod, target: consuming String, headers: consuming HTTPHeaders, body: consuming [UInt8],
                    requestID: consuming RequestID.Value, remoteAddress: consuming String, pathParameters: consuming [String: String],
                    route: consuming String?, admission: consuming (any Sendable)?) {
            self.method = method
            self.target = target
            (path, rawQuery) = Self.split(target)
            self.headers = headers
            self.body = body
            self.requestID = requestID
            self.remoteAddress = remoteAddress
            self.pathParameters = pathParameters
            self.route = route
            // Stored only when there is something to store or to clear: storing nil over nil costs a release too.
            if admission != nil || self.admission != nil { self.admission = admission }
            if endpoint != nil { endpoint = nil }
        }

        /// The path and the raw query of `target`.
        static func split(_ target: String) -> (path: String, rawQuery: String) {
            guard let questionMark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, "") }
            return (String(target[..<questionMark]), String(target[target.utf8.index(after: questionMark)...]))
        }

        func copy() -> Fields {
            let copy = Fields()
            copy.assign(method: method, target: target, headers: headers, body: body, requestID: requestID, remoteAddress: remoteAddress,
                        pathParameters: pathParameters, route: route, admission: admission)
            copy.endpoint = endpoint
            return copy
        }
    }

    private var fields: Fields

    public var method: HTTPMethod { fields.method }
    /// The request target as sent: path and query.
    public var target: String { fields.target }
    /// The path, percent-decoding left to the router's parameters.
    public var path: String { fields.path }
    /// The raw query string (after `?`), decoded on demand by `query`.
    public var rawQuery: String { fields.rawQuery }
    public var query: QueryParameters { QueryParameters(rawQuery) }
    public var headers: HTTPHeaders { fields.headers }
    public var body: [UInt8] { fields.body }
    /// Values captured by `{name}` segments of the matched route.
    public internal(set) var pathParameters: [String: String] {
        get { fields.pathParameters }
        set { unique().pathParameters = newValue }
    }
    /// The matched route's pattern (e.g. `/feeds/{id}`): safe to log, unlike the path.
    public internal(set) var route: String? {
        get { fields.route }
        set { unique().route = newValue }
    }
    /// Echoed as `X-Request-Id` and written to every log line about this request.
    public var requestID: String { fields.requestID.string }
    var requestIDValue: RequestID.Value { fields.requestID }
    public var remoteAddress: String { fields.remoteAddress }
    /// What the route's head check admitted the request with (`HeadVerdict.admit`); nil without one.
    public internal(set) var admission: (any Sendable)? {
        get { fields.admission }
        set { unique().admission = newValue }
    }
    /// The matched route's handler, placed by the connection so middleware runs before it.
    var endpoint: Router.Handler? {
        get { fields.endpoint }
        set { unique().endpoint = newValue }
    }

    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                requestID: String = RequestID.generate(), remoteAddress: String = "") {
        self.init(method: method, target: target, headers: headers, body: body, requestID: RequestID.Value(requestID), remoteAddress: remoteAddress)
    }

    /// The connection's request, with what routing and the head check found, in one box: the
    /// box of `spare`, its previous request, when nothing else holds that box any more (the
    /// usual case: handlers rarely keep a request), so a keep-alive connection allocates no
    /// box per request; otherwise a new one.
    init(reusing spare: consuming Request? = nil, method: HTTPMethod, target: String, headers: HTTPHeaders, body: [UInt8],
         requestID: RequestID.Value, remoteAddress: String, pathParameters: [String: String] = [:], route: String? = nil,
         admission: consuming (any Sendable)? = nil) {
        if var reused = spare.take(), isKnownUniquelyReferenced(&reused.fields) {
            fields = reused.fields
        } else {
            fields = Fields()
        }
        fields.assign(method: method, target: target, headers: headers, body: body, requestID: requestID, remoteAddress: remoteAddress,
                      pathParameters: pathParameters, route: route, admission: admission)
    }

    /// This request's box, kept for `init(reusing:…)`, without what could keep other buffers
    /// shared: its headers (the parser's header list is then reused unshared), body,
    /// parameters, admission and handler. Only when nothing else holds the box.
    mutating func emptiedForReuse() -> Request? {
        guard isKnownUniquelyReferenced(&fields) else { return nil }
        // Each is emptied only when it holds something: storing an empty value costs a release too.
        fields.headers = HTTPHeaders()
        if !fields.body.isEmpty { fields.body = [] }
        if !fields.pathParameters.isEmpty { fields.pathParameters = [:] }
        if fields.admission != nil { fields.admission = nil }
        if fields.endpoint != nil { fields.endpoint = nil }
        return self
    }

    /// The box, copied first if another `Request` shares it (value semantics).
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    /// A path parameter by name; routes guarantee the names they declare.
    public func parameter(_ name: String) -> String? { pathParameters[name] }

    /// The credential of `Authorization: Bearer <credential>`, or nil when the header is absent
    /// or not that. As RFC 7235 §2.1 reads: the scheme in any case, one or more spaces, then a
    /// single token68, so a value with a space inside is no bearer credential.
    /// Compare it with a constant-time function: it is a secret.
    public var bearerCredential: Substring? {
        guard let header = headers["Authorization"], header.prefix(7).lowercased() == "bearer " else { return nil }
        let credential = header.dropFirst(7).drop { $0 == " " }
        guard !credential.isEmpty, !credential.contains(" ") else { return nil }
        return credential
    }
}

/// Decoded `application/x-www-form-urlencoded` pairs, in order; used for query strings and form bodies.
public struct QueryParameters: Sendable {
    public let pairs: [(name: String, value: String)]

    public init(_ encoded: String) {
        pairs = encoded.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: Self.decode(parts[0]), value: parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    public func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
