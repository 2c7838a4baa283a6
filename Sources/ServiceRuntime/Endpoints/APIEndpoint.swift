import APIToolkit
import HTTPServer

/// Who may call an endpoint. The same value decides what the server enforces and what the
/// OpenAPI document publishes as the operation's `security`, so the two cannot disagree.
public enum EndpointAccess: Sendable {
    case anyone
    /// A valid bearer access token or session cookie.
    case user
    /// As `user`, and the account's role is `admin` (403 otherwise).
    case admin
}

/// One request as a handler sees it: the raw request, the authenticated account (for
/// `.user`/`.admin` endpoints) and the query parameters already checked against the declaration.
public struct EndpointCall: Sendable {
    public let request: Request
    public let principal: Principal?
    public let query: JSONObject

    /// The authenticated account; endpoints declared `.user` or `.admin` always have one.
    public func user() throws -> Principal {
        guard let principal else { throw AuthErrors.unauthorized }
        return principal
    }
}

/// A route declared once: method, path, the schemas it accepts and returns, and its handler.
/// `EndpointTable` registers the same value into the router and the OpenAPI document.
public struct Endpoint: Sendable {
    public typealias Handler = @Sendable (EndpointCall) async throws -> Response
    public typealias HandlerFactory = @Sendable (HealthLogContext) -> Handler

    public let method: OpenAPIOperation.Method
    public let path: String
    public let operationId: String
    public let summary: String
    public let tags: [String]
    public let access: EndpointAccess
    /// The assistant surface whose resolved flag must be on (contract §14): checked after
    /// authentication and before the body is decoded; 403 `assistant.disabled.<surface>` otherwise.
    public let gate: AssistantSurface?
    /// Strictly validated: unknown names and malformed values are 422 with the name as path.
    public let queryParameters: [OpenAPIParameter]
    public let requestBody: Schema?
    public let success: OpenAPIResponse
    /// Failures beyond the ones implied by access and body (401, 403, 400, 422).
    public let failures: [OpenAPIResponse]
    public let makeHandler: HandlerFactory
    /// The `{name}` segments of `path`, published in the document; handlers read them with
    /// `request.parameter(_:)`. Set with `withPathParameters(_:secret:)`.
    public internal(set) var pathParameters: [OpenAPIParameter] = []
    /// Path parameters that are secrets (a webhook token): the access log shows `[REDACTED]`.
    public internal(set) var secretParameters: Set<String> = []
    /// The media type `requestBody` arrives in: JSON, or a form for webhooks other services post.
    public internal(set) var requestMediaType = Endpoint.jsonMediaType
    /// Largest body the route accepts, checked against `Content-Length` before any of the body
    /// is read (413 otherwise); nil keeps the service default. Set with `limitingBody(to:)`.
    public private(set) var maxBodyBytes: Int?
    /// Request headers the operation reads, published as `in: header` parameters; the handler
    /// validates them itself. Set with `withHeaderParameters(_:)`.
    public private(set) var headerParameters: [OpenAPIParameter] = []

    /// This endpoint with a body ceiling of its own (the batch endpoints' 5 MB).
    public func limitingBody(to bytes: Int) -> Endpoint {
        var copy = self
        copy.maxBodyBytes = bytes
        return copy
    }

    /// This endpoint publishing `parameters` (each `in: header`), e.g. the batch endpoints'
    /// optional `Idempotency-Key`.
    public func withHeaderParameters(_ parameters: [OpenAPIParameter]) -> Endpoint {
        precondition(parameters.allSatisfy { $0.location == .header }, "header parameters only")
        var copy = self
        copy.headerParameters = parameters
        return copy
    }

    /// Every initializer ends here: the fields an endpoint declares, set in one place.
    init(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String, tags: [String],
         access: EndpointAccess, gate: AssistantSurface?, queryParameters: [OpenAPIParameter], requestBody: Schema?,
         success: OpenAPIResponse, failures: [OpenAPIResponse], makeHandler: @escaping HandlerFactory) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.tags = tags
        self.access = access
        self.gate = gate
        self.queryParameters = queryParameters
        self.requestBody = requestBody
        self.success = success
        self.failures = failures
        self.makeHandler = makeHandler
    }

    /// An endpoint without a request body.
    public init(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String,
                tags: [String], access: EndpointAccess, gate: AssistantSurface? = nil, queryParameters: [OpenAPIParameter] = [],
                success: OpenAPIResponse, failures: [OpenAPIResponse] = [], handler: @escaping HandlerFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, access: access, gate: gate,
                  queryParameters: queryParameters, requestBody: nil, success: success, failures: failures, makeHandler: handler)
    }

    /// An endpoint whose body is `Body`: the handler receives it decoded, and the document
    /// publishes `Body.schema`, the very schema the body was validated against.
    public init<Body: RequestBody>(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String,
                                   tags: [String], access: EndpointAccess, gate: AssistantSurface? = nil, body: Body.Type,
                                   success: OpenAPIResponse, failures: [OpenAPIResponse] = [],
                                   handler: @escaping @Sendable (HealthLogContext) -> @Sendable (EndpointCall, Body) async throws -> Response) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, access: access, gate: gate,
                  queryParameters: [], requestBody: Body.schema, success: success, failures: failures) { context in
            let typed = handler(context)
            return { call in try await typed(call, try context.responses.decode(Body.self, from: call.request)) }
        }
    }

    /// Every documented response: success, the declared failures, then those implied by
    /// authentication, the gate, having a body, and strict query strings (every endpoint
    /// rejects unknown query parameters with 422, so every endpoint documents 422).
    var documentedResponses: [OpenAPIResponse] {
        var responses = [success]
        if let maxBodyBytes {
            responses.append(OpenAPIResponse(413, "http.body_too_large: Content-Length over \(maxBodyBytes) bytes, refused before the body is read"))
        }
        if requestBody != nil {
            if requestMediaType == Endpoint.jsonMediaType { responses.append(OpenAPIResponse(400, "The body is not strict JSON")) }
            responses.append(OpenAPIResponse(415, "request.unsupported_media_type: Content-Type is not \(requestMediaType)"))
        }
        responses.append(OpenAPIResponse(422, requestBody != nil
            ? "Validation failed (unknown body keys or query parameters included); meta.path names the field"
            : "Validation failed (unknown query parameters included); meta.path names the parameter"))
        if access != .anyone { responses.append(OpenAPIResponse(401, "Missing, unknown, expired or revoked credentials")) }
        var forbidden: [String] = []
        if access != .anyone, !SameOrigin.safeMethods.contains(method.rawValue.uppercased()) {
            forbidden.append("auth.cross_origin: signed in with the session cookie, but not from this site's own page")
        }
        if access == .admin { forbidden.append("auth.forbidden: the account is not an administrator") }
        if let gate { forbidden.append("assistant.disabled.\(gate.rawValue): the feature is switched off") }
        if !forbidden.isEmpty { responses.append(OpenAPIResponse(403, forbidden.joined(separator: "; "))) }
        responses.append(contentsOf: failures)
        // The document holds one response per status: the reasons sharing one are joined.
        var merged: [OpenAPIResponse] = []
        for response in responses.sorted(by: { $0.status < $1.status }) {
            if let last = merged.last, last.status == response.status {
                merged[merged.count - 1].description += "; " + response.description
            } else {
                merged.append(response)
            }
        }
        return merged
    }
}
