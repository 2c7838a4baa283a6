/// How one API wraps payloads and errors. Each API has exactly one style, so every endpoint's
/// error body has the same shape and clients parse errors in one place.
public protocol EnvelopeStyle: Sendable {
    func success(_ data: JSONValue, meta: JSONObject?) -> JSONValue
    func failure(_ error: APIError) -> JSONValue
    /// The schema of `success` around a payload of schema `data`, for the OpenAPI document.
    func successSchema(_ data: Schema) -> Schema
    /// The schema of every `failure` body, for the OpenAPI document.
    var failureSchema: Schema { get }
}

extension EnvelopeStyle {
    public func success(_ data: JSONValue) -> JSONValue {
        success(data, meta: nil)
    }
}

/// HealthLog: `{"data": …, "error": null}` (plus `"meta"` when given) on success;
/// `{"data": null, "error": "<message>", "meta": {"errorCode": "<code>", …details}}` on failure.
/// `data` on failure carries `APIError.data` when set (the canonical row of a 409 `sync.conflict`).
public struct HealthLogEnvelope: EnvelopeStyle {
    public init() {}

    public func success(_ data: JSONValue, meta: JSONObject?) -> JSONValue {
        var body: JSONObject = ["data": data, "error": .null]
        if let meta { body["meta"] = .object(meta) }
        return .object(body)
    }

    public func failure(_ error: APIError) -> JSONValue {
        var meta: JSONObject = ["errorCode": .string(error.code)]
        if let details = error.details {
            for member in details.members where member.key != "errorCode" {
                meta[member.key] = member.value
            }
        }
        return ["data": error.data ?? .null, "error": .string(error.message), "meta": .object(meta)]
    }

    public func successSchema(_ data: Schema) -> Schema {
        .object {
            Property("data", data)
            Property("error", .null)
            Property("meta", .object(nil, allowsUnknownKeys: true) {}, required: false)
        }
    }

    public var failureSchema: Schema {
        .object("ErrorEnvelope", description: "Every HealthLog error response.") {
            Property("data", .any, description: "null, except where an error returns a payload (409 sync.conflict: the canonical row).")
            Property("error", .string(), description: "Human-readable message.")
            Property("meta", .object("ErrorMeta", allowsUnknownKeys: true) {
                Property("errorCode", .string(), description: "Stable dotted code, e.g. validation.failed.")
                Property("path", .string(), required: false, description: "First offending field of a 422.")
                Property("issues", .array(of: ValidationIssue.schema), required: false)
            })
        }
    }
}

/// Jarvis: success bodies are exactly the contract's payload (list endpoints pass their own
/// `{"data": [...], …}` object; nothing is wrapped twice, and `meta` is not part of the contract
/// so it is ignored). Failure is `{"error": {"code": …, "message": …}}` plus `details` when set.
public struct JarvisEnvelope: EnvelopeStyle {
    public init() {}

    public func success(_ data: JSONValue, meta: JSONObject?) -> JSONValue {
        data
    }

    public func failure(_ error: APIError) -> JSONValue {
        var body: JSONObject = ["code": .string(error.code), "message": .string(error.message)]
        if let details = error.details { body["details"] = .object(details) }
        return ["error": .object(body)]
    }

    public func successSchema(_ data: Schema) -> Schema {
        data
    }

    public var failureSchema: Schema {
        .object("ErrorResponse", description: "Every Jarvis error response.") {
            Property("error", .object("ErrorBody") {
                Property("code", .string(), description: "Stable dotted code, e.g. route.not_found.")
                Property("message", .string())
                Property("details", .object(nil, allowsUnknownKeys: true) {}, required: false)
            })
        }
    }
}
