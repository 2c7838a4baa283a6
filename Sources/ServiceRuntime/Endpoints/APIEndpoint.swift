import APIToolkit
import HTTPServer

/// One request as a handler sees it: the raw request, the caller its family admitted, and the
/// query parameters already checked against the declaration.
public struct APIEndpointCall<Caller: Sendable>: Sendable {
    public let request: Request
    public let caller: Caller?
    public let query: JSONObject

    public init(request: Request, caller: Caller?, query: JSONObject) {
        self.request = request
        self.caller = caller
        self.query = query
    }
}

/// A route declared once: method, path, the schemas it accepts and returns, and its handler.
/// `EndpointTable` registers the same value into the router and the OpenAPI document.
public struct APIEndpoint<Family: EndpointFamily>: Sendable {
    public typealias Call = APIEndpointCall<Family.Caller>
    public typealias Handler = @Sendable (Call) async throws -> Response
    public typealias HandlerFactory = @Sendable (Family.Context) -> Handler
    public typealias WebSocketHandlerFactory = @Sendable (Family.Context) -> WebSocketHandler
    /// A handler that answers without suspending when what it serves is at hand, nil when not.
    public typealias ImmediateHandler = @Sendable (Call) throws -> Response?
    /// The two handlers of an endpoint answered at once when it can be, built together so that
    /// they can share what they keep.
    public typealias AnsweringNowFactory = @Sendable (Family.Context) -> (now: ImmediateHandler, otherwise: Handler)

    /// What the route does once matched: answer the request, or upgrade it to a WebSocket.
    public enum Serving: Sendable {
        case http(HandlerFactory)
        /// Answered on the event loop without a task (`Router.add(_:_:options:now:otherwise:)`)
        /// when the family admits without waiting and `now` answers; by `otherwise` in a task
        /// when either has to wait.
        case httpAnsweringNow(AnsweringNowFactory)
        case webSocket(WebSocketHandlerFactory)
    }

    public let method: OpenAPIOperation.Method
    public let path: String
    public let operationId: String
    public let summary: String
    public let tags: [String]
    /// Who may call, in the family's terms; checked after routing, before everything else.
    public let requirements: Family.Requirements
    /// Validated strictly when the family `enforcesDeclaredInput`: unknown names and malformed
    /// values are 422 with the name as path.
    public let queryParameters: [OpenAPIParameter]
    public let requestBody: Schema?
    public let success: OpenAPIResponse
    /// Failures beyond the ones implied by the requirements and the body (401, 403, 400, 422).
    public let failures: [OpenAPIResponse]
    public let serving: Serving
    /// The `{name}` segments of `path`, published in the document; handlers read them with
    /// `request.parameter(_:)`. Set with `withPathParameters(_:secret:)`.
    public internal(set) var pathParameters: [OpenAPIParameter] = []
    /// Path parameters that are secrets (a webhook token): the access log shows `[REDACTED]`.
    public internal(set) var secretParameters: Set<String> = []
    /// The media type `requestBody` arrives in: JSON, or a form for webhooks other services post.
    public internal(set) var requestMediaType = APIEndpoints.jsonMediaType
    /// Largest body the route accepts, checked against `Content-Length` before any of the body
    /// is read (413 otherwise); nil keeps the service default. Set with `limitingBody(to:)`.
    public private(set) var maxBodyBytes: Int?
    /// Request headers the operation reads, published as `in: header` parameters; the handler
    /// validates them itself. Set with `withHeaderParameters(_:)`.
    public private(set) var headerParameters: [OpenAPIParameter] = []

    /// This endpoint with a body ceiling of its own (the batch endpoints' 5 MB).
    public func limitingBody(to bytes: Int) -> APIEndpoint {
        var copy = self
        copy.maxBodyBytes = bytes
        return copy
    }

    /// This endpoint publishing `parameters` (each `in: header`), e.g. the batch endpoints'
    /// optional `Idempotency-Key`.
    public func withHeaderParameters(_ parameters: [OpenAPIParameter]) -> APIEndpoint {
        precondition(parameters.allSatisfy { $0.location == .header }, "header parameters only")
        var copy = self
        copy.headerParameters = parameters
        return copy
    }

    /// Every initializer ends here: the fields an endpoint declares, set in one place.
    public init(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String, tags: [String],
                requirements: Family.Requirements, queryParameters: [OpenAPIParameter], requestBody: Schema?,
                success: OpenAPIResponse, failures: [OpenAPIResponse], makeHandler: @escaping HandlerFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, requirements: requirements,
                  queryParameters: queryParameters, requestBody: requestBody, success: success, failures: failures,
                  serving: .http(makeHandler))
    }

    /// An endpoint answered at once when it can be (see `Serving.httpAnsweringNow`).
    public init(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String, tags: [String],
                requirements: Family.Requirements, queryParameters: [OpenAPIParameter], success: OpenAPIResponse,
                failures: [OpenAPIResponse], answeringNow makeHandlers: @escaping AnsweringNowFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, requirements: requirements,
                  queryParameters: queryParameters, requestBody: nil, success: success, failures: failures,
                  serving: .httpAnsweringNow(makeHandlers))
    }

    /// A WebSocket endpoint (`GET` with the upgrade), published with `success` as its 101 and the
    /// handshake's refusals. No per-endpoint admission runs for it (a socket handler has no
    /// status to answer with): the upgrade passes through the service's middleware instead.
    public init(webSocket path: String, operationId: String, summary: String, tags: [String], requirements: Family.Requirements,
                queryParameters: [OpenAPIParameter], success: OpenAPIResponse, handler: @escaping WebSocketHandlerFactory) {
        self.init(method: .get, path: path, operationId: operationId, summary: summary, tags: tags, requirements: requirements,
                  queryParameters: queryParameters, requestBody: nil, success: success, failures: [], serving: .webSocket(handler))
    }

    private init(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String, tags: [String],
                 requirements: Family.Requirements, queryParameters: [OpenAPIParameter], requestBody: Schema?,
                 success: OpenAPIResponse, failures: [OpenAPIResponse], serving: Serving) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.tags = tags
        self.requirements = requirements
        self.queryParameters = queryParameters
        self.requestBody = requestBody
        self.success = success
        self.failures = failures
        self.serving = serving
    }

    /// An endpoint whose body is `Body`: the handler receives it decoded, and the document
    /// publishes `Body.schema`, the very schema the body was validated against.
    public init<Body: RequestBody>(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String,
                                   tags: [String], requirements: Family.Requirements, body: Body.Type,
                                   success: OpenAPIResponse, failures: [OpenAPIResponse],
                                   handler: @escaping @Sendable (Family.Context) -> @Sendable (Call, Body) async throws -> Response) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags, requirements: requirements,
                  queryParameters: [], requestBody: Body.schema, success: success, failures: failures) { context in
            let typed = handler(context)
            return { call in try await typed(call, try context.responses.decode(Body.self, from: call.request)) }
        }
    }

    /// Every documented response: success, the declared failures, then those implied by the
    /// family's requirements, having a body, and strict query strings (every endpoint of an
    /// enforcing family rejects unknown query parameters with 422, so each documents 422).
    var documentedResponses: [OpenAPIResponse] {
        var responses = [success]
        if let maxBodyBytes {
            responses.append(OpenAPIResponse(413, "http.body_too_large: Content-Length over \(maxBodyBytes) bytes, refused before the body is read"))
        }
        if requestBody != nil {
            if requestMediaType == APIEndpoints.jsonMediaType { responses.append(OpenAPIResponse(400, "The body is not strict JSON")) }
            if Family.enforcesDeclaredInput {
                responses.append(OpenAPIResponse(415, "request.unsupported_media_type: Content-Type is not \(requestMediaType)"))
            }
        }
        if Family.enforcesDeclaredInput {
            responses.append(OpenAPIResponse(422, requestBody != nil
                ? "Validation failed (unknown body keys or query parameters included); meta.path names the field"
                : "Validation failed (unknown query parameters included); meta.path names the parameter"))
        } else if requestBody != nil {
            responses.append(OpenAPIResponse(422, "Validation failed (unknown body keys included); error.details.path names the field"))
        }
        if case .webSocket = serving {
            responses.append(OpenAPIResponse(400, "websocket.handshake_failed: not a WebSocket upgrade (GET, Upgrade: websocket, Connection: Upgrade, one Sec-WebSocket-Key)"))
            responses.append(OpenAPIResponse(426, "websocket.handshake_failed: Sec-WebSocket-Version is not 13"))
        }
        responses.append(contentsOf: Family.impliedResponses(of: self))
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
