import Foundation
@_exported import HTTPParsing

/// One complete HTTP request, as handlers see it.
public struct Request: Sendable {
    public let method: HTTPMethod
    /// The request target as sent: path and query.
    public let target: String
    /// The path, percent-decoding left to the router's parameters.
    public let path: String
    /// The raw query string (after `?`), decoded on demand by `query`.
    public let rawQuery: String
    public var query: QueryParameters { QueryParameters(rawQuery) }
    public let headers: HTTPHeaders
    public let body: [UInt8]
    /// Values captured by `{name}` segments of the matched route.
    public internal(set) var pathParameters: [String: String]
    /// The matched route's pattern (e.g. `/feeds/{id}`): safe to log, unlike the path.
    public internal(set) var route: String?
    /// Echoed as `X-Request-Id` and written to every log line about this request.
    public let requestID: String
    public let remoteAddress: String
    /// What the route's head check admitted the request with (`HeadVerdict.admit`); nil without one.
    public internal(set) var admission: (any Sendable)?
    /// The matched route's handler, placed by the connection so middleware runs before it.
    var endpoint: Router.Handler?

    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                requestID: String = RequestID.generate(), remoteAddress: String = "") {
        self.method = method
        self.target = target
        if let questionMark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.path = String(target[..<questionMark])
            self.rawQuery = String(target[target.utf8.index(after: questionMark)...])
        } else {
            self.path = target
            self.rawQuery = ""
        }
        self.headers = headers
        self.body = body
        self.pathParameters = [:]
        self.requestID = requestID
        self.remoteAddress = remoteAddress
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
