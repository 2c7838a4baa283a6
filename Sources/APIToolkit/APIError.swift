/// The one error type handlers throw. An `EnvelopeStyle` turns it into each API's error body; the
/// HTTP layer takes `status` and `headers` from it.
///
/// `code` is dotted and stable (`validation.failed`, `measurement.batch.too_large`): clients
/// branch on it. `message` is for humans and may change.
public struct APIError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var status: Int
    public var code: String
    public var message: String
    /// Extra machine-readable fields (e.g. `path`, `issues`); envelopes decide where they go.
    public var details: JSONObject?
    /// A payload to send alongside the error where the envelope has room for one — HealthLog's
    /// 409 `sync.conflict` returns the canonical row in `data`.
    public var data: JSONValue?
    /// Response headers the error implies, such as `Retry-After` or `Allow`.
    public var headers: [Header]

    public init(status: Int, code: String, message: String, details: JSONObject? = nil, data: JSONValue? = nil, headers: [Header] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.data = data
        self.headers = headers
    }

    public var description: String {
        "\(status) \(code): \(message)"
    }
}

extension APIError {
    public static func badRequest(_ message: String, code: String = "request.bad_request", details: JSONObject? = nil) -> APIError {
        APIError(status: 400, code: code, message: message, details: details)
    }

    /// 400 for a body that is not strict JSON; `details.offset` is the byte offset.
    public static func malformedJSON(_ error: JSONParseError) -> APIError {
        APIError(status: 400, code: "request.malformed_json", message: "Malformed JSON: \(error.description)",
                 details: ["offset": .integer(Int64(error.offset))])
    }

    public static func unauthorized(_ message: String = "Authentication required", code: String = "auth.unauthorized") -> APIError {
        APIError(status: 401, code: code, message: message)
    }

    public static func forbidden(_ message: String = "Access denied", code: String = "auth.forbidden") -> APIError {
        APIError(status: 403, code: code, message: message)
    }

    public static func notFound(_ message: String = "Not found", code: String = "resource.not_found") -> APIError {
        APIError(status: 404, code: code, message: message)
    }

    public static func conflict(_ message: String, code: String = "resource.conflict", data: JSONValue? = nil) -> APIError {
        APIError(status: 409, code: code, message: message, data: data)
    }

    public static func payloadTooLarge(limitBytes: Int, code: String = "request.too_large") -> APIError {
        APIError(status: 413, code: code, message: "The request body exceeds \(limitBytes) bytes",
                 details: ["limitBytes": .integer(Int64(limitBytes))])
    }

    public static func unsupportedMediaType(expected: String = "application/json") -> APIError {
        APIError(status: 415, code: "request.unsupported_media_type", message: "Content-Type must be \(expected)")
    }

    /// 422 for schema violations. The message names the first issue; `details` carries its
    /// `path` and the full `issues` list.
    public static func unprocessable(issues: [ValidationIssue], code: String = "validation.failed") -> APIError {
        var details: JSONObject = [:]
        if let first = issues.first { details["path"] = .string(first.path) }
        details["issues"] = .array(issues.map(\.jsonValue))
        let message = issues.first.map { "Validation failed: \($0.description)" } ?? "Validation failed"
        return APIError(status: 422, code: code, message: message, details: details)
    }

    /// 422 `validation.failed` for one field (`path`) whose value breaks a rule the schema cannot
    /// state (a day that does not exist, a stop before its start).
    public static func invalidValue(at path: String, _ message: String) -> APIError {
        .unprocessable(issues: [ValidationIssue(path: path, code: .invalidValue, message: message)])
    }

    /// 429 with `Retry-After` in whole seconds.
    public static func tooManyRequests(retryAfter seconds: Int, code: String = "rate_limit.exceeded") -> APIError {
        APIError(status: 429, code: code, message: "Too many requests; retry in \(seconds) s",
                 details: ["retryAfter": .integer(Int64(seconds))],
                 headers: [Header(name: "Retry-After", value: String(seconds))])
    }

    /// 500. The message is deliberately generic: internal details go to the log, not the client.
    public static func `internal`(_ message: String = "Internal server error", code: String = "internal.error") -> APIError {
        APIError(status: 500, code: code, message: message)
    }

    public static func serviceUnavailable(_ message: String = "Service temporarily unavailable", code: String = "service.unavailable", retryAfter seconds: Int? = nil) -> APIError {
        APIError(status: 503, code: code, message: message,
                 headers: seconds.map { [Header(name: "Retry-After", value: String($0))] } ?? [])
    }
}
