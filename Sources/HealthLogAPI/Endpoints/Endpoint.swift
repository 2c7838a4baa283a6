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
    /// Strictly validated: unknown names and malformed values are 422 with the name as path.
    public let queryParameters: [OpenAPIParameter]
    public let requestBody: Schema?
    public let success: OpenAPIResponse
    /// Failures beyond the ones implied by access and body (401, 403, 400, 422).
    public let failures: [OpenAPIResponse]
    public let makeHandler: HandlerFactory

    /// An endpoint without a request body.
    public init(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String,
                tags: [String], access: EndpointAccess, queryParameters: [OpenAPIParameter] = [],
                success: OpenAPIResponse, failures: [OpenAPIResponse] = [], handler: @escaping HandlerFactory) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.tags = tags
        self.access = access
        self.queryParameters = queryParameters
        self.requestBody = nil
        self.success = success
        self.failures = failures
        self.makeHandler = handler
    }

    /// An endpoint whose body is `Body`: the handler receives it decoded, and the document
    /// publishes `Body.schema`, the very schema the body was validated against.
    public init<Body: RequestBody>(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String,
                                   tags: [String], access: EndpointAccess, body: Body.Type,
                                   success: OpenAPIResponse, failures: [OpenAPIResponse] = [],
                                   handler: @escaping @Sendable (HealthLogContext) -> @Sendable (EndpointCall, Body) async throws -> Response) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.summary = summary
        self.tags = tags
        self.access = access
        self.queryParameters = []
        self.requestBody = Body.schema
        self.success = success
        self.failures = failures
        self.makeHandler = { context in
            let typed = handler(context)
            return { call in try await typed(call, try context.responses.decode(Body.self, from: call.request)) }
        }
    }

    /// Every documented response: success, the declared failures, then those implied by
    /// authentication and by having a body.
    var documentedResponses: [OpenAPIResponse] {
        var responses = [success]
        if requestBody != nil || !queryParameters.isEmpty {
            if requestBody != nil { responses.append(OpenAPIResponse(400, "The body is not strict JSON")) }
            responses.append(OpenAPIResponse(422, "Validation failed (unknown keys included); meta.path names the field"))
        }
        if access != .anyone { responses.append(OpenAPIResponse(401, "Missing, unknown, expired or revoked credentials")) }
        if access == .admin { responses.append(OpenAPIResponse(403, "The account is not an administrator")) }
        responses.append(contentsOf: failures)
        return responses.sorted { $0.status < $1.status }
    }
}
