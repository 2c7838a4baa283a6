import APIToolkit
import HTTPServer
import ServiceRuntime

/// Who may call an endpoint. The same value decides what the server enforces and what the
/// OpenAPI document publishes as the operation's `security`, so the two cannot disagree.
public enum EndpointAccess: Sendable {
    case anyone
    /// A valid bearer access token or session cookie.
    case user
    /// As `user`, and the account's role is `admin` (403 otherwise).
    case admin
}

/// HealthLog's endpoints: the shared declaration (`APIEndpoint`) with HealthLog's requirements.
public typealias Endpoint = APIEndpoint<HealthLogEndpoints>
/// One request as a HealthLog handler sees it; `.user`/`.admin` endpoints have a `principal`.
public typealias EndpointCall = APIEndpointCall<Principal>

/// HealthLog's part of every endpoint declaration: the role it needs and the assistant feature
/// gate in front of it, both checked before the media type, the query and the body, and both
/// published (security, 401, 403 reasons). Input is strict: the media type and every query
/// parameter are checked against the declaration.
public enum HealthLogEndpoints: EndpointFamily {
    public struct Requirements: Sendable {
        public let access: EndpointAccess
        /// The assistant surface whose resolved flag must be on (contract §14): checked after
        /// authentication and before the body is decoded; 403 `assistant.disabled.<surface>` otherwise.
        public let gate: AssistantSurface?
    }

    public static let enforcesDeclaredInput = true

    /// Authentication (taken from the head check when it ran), role, then the gate.
    public static func admit(_ request: Request, to endpoint: Endpoint, in context: HealthLogContext) async throws -> Principal? {
        var principal: Principal?
        if endpoint.access != .anyone {
            if let admitted = request.admission as? Principal {
                principal = admitted
            } else {
                principal = try await authorize(request, for: endpoint, with: context.authenticator)
            }
        }
        if let surface = endpoint.gate { try await context.assistantGate.check(surface) }
        return principal
    }

    /// Authenticated endpoints whose body limit is over `bodyBytesReadBeforeAuthentication`
    /// authenticate from the head, before the body is read: a client without credentials gets
    /// its 401 (or 403) and a closed connection instead of making the server buffer the body.
    public static func headCheck(for endpoint: Endpoint, bodyLimit: Int, in context: HealthLogContext) -> HeadCheck? {
        guard endpoint.access != .anyone, bodyLimit > ServiceSetup.bodyBytesReadBeforeAuthentication else { return nil }
        let authenticator = context.authenticator, renderer = EnvelopeErrorRenderer(style: context.responses.style)
        return { request in
            do {
                return .admit(try await authorize(request, for: endpoint, with: authenticator))
            } catch {
                guard let response = renderer.response(to: error) else { throw error }
                return .refuse(response)
            }
        }
    }

    /// Per-user answers must not sit in shared caches unless the endpoint says otherwise.
    public static func finish(_ response: inout Response, of endpoint: Endpoint) {
        if endpoint.access != .anyone, !response.headers.contains("Cache-Control") {
            response.headers.add("Cache-Control", "no-store")
        }
    }

    public static func impliedResponses(of endpoint: Endpoint) -> [OpenAPIResponse] {
        var responses: [OpenAPIResponse] = []
        if endpoint.access != .anyone { responses.append(OpenAPIResponse(401, "Missing, unknown, expired or revoked credentials")) }
        var forbidden: [String] = []
        if endpoint.access != .anyone, !SameOrigin.safeMethods.contains(HTTPMethod(endpoint.method)) {
            forbidden.append("auth.cross_origin: signed in with the session cookie, but not from this site's own page")
        }
        if endpoint.access == .admin { forbidden.append("auth.forbidden: the account is not an administrator") }
        if let gate = endpoint.gate { forbidden.append("assistant.disabled.\(gate.rawValue): the feature is switched off") }
        if !forbidden.isEmpty { responses.append(OpenAPIResponse(403, forbidden.joined(separator: "; "))) }
        return responses
    }

    public static func security(of endpoint: Endpoint) -> [String]? {
        endpoint.access == .anyone ? [] : nil
    }

    /// The account behind the request's credentials, if it may call `endpoint` (401/403 otherwise).
    private static func authorize(_ request: Request, for endpoint: Endpoint, with authenticator: Authenticator) async throws -> Principal {
        let user = try await authenticator.authenticate(request)
        if endpoint.access == .admin, user.role != .admin { throw AuthErrors.forbidden }
        return user
    }
}

extension HealthLogContext: EndpointContext {}

extension APIEndpointCall where Caller == Principal {
    public var principal: Principal? { caller }

    /// The authenticated account; endpoints declared `.user` or `.admin` always have one.
    public func user() throws -> Principal {
        guard let caller else { throw AuthErrors.unauthorized }
        return caller
    }
}

/// HealthLog's declarations: `access` and `gate` as arguments of their own.
extension APIEndpoint where Family == HealthLogEndpoints {
    public static var jsonMediaType: String { APIEndpoints.jsonMediaType }
    public static var formMediaType: String { APIEndpoints.formMediaType }

    public var access: EndpointAccess { requirements.access }
    public var gate: AssistantSurface? { requirements.gate }

    init(method: OpenAPIOperation.Method, path: String, operationId: String, summary: String, tags: [String],
         access: EndpointAccess, gate: AssistantSurface?, queryParameters: [OpenAPIParameter], requestBody: Schema?,
         success: OpenAPIResponse, failures: [OpenAPIResponse], makeHandler: @escaping HandlerFactory) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags,
                  requirements: HealthLogEndpoints.Requirements(access: access, gate: gate), queryParameters: queryParameters,
                  requestBody: requestBody, success: success, failures: failures, makeHandler: makeHandler)
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
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags,
                  requirements: HealthLogEndpoints.Requirements(access: access, gate: gate), body: body,
                  success: success, failures: failures, handler: handler)
    }

    /// An endpoint whose body is a form declared by `form`; see `APIEndpoint.init(…form:…)`.
    public init(_ method: OpenAPIOperation.Method, _ path: String, operationId: String, summary: String,
                tags: [String], access: EndpointAccess, queryParameters: [OpenAPIParameter] = [], form: ObjectSchema,
                success: OpenAPIResponse, failures: [OpenAPIResponse] = [],
                handler: @escaping @Sendable (HealthLogContext) -> @Sendable (EndpointCall, FormBody) async throws -> Response) {
        self.init(method: method, path: path, operationId: operationId, summary: summary, tags: tags,
                  requirements: HealthLogEndpoints.Requirements(access: access, gate: nil), queryParameters: queryParameters,
                  form: form, success: success, failures: failures, handler: handler)
    }
}
