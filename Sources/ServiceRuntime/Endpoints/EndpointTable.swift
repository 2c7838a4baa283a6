import APIToolkit
import HTTPServer

/// Registers endpoints into the router (the family's admission, then the media type and query
/// checks in front of each handler, in that order; a WebSocket endpoint as a WebSocket route)
/// and describes the same values as OpenAPI
/// operations, so what is served and what is published come from one list.
public enum EndpointTable {
    /// `defaultBodyBytes`: the body limit of endpoints that set none. Inlinable, so that each
    /// service's routes are compiled for its family instead of looking up the family's types
    /// at run time on every request.
    @inlinable
    public static func install<Family>(_ endpoints: [APIEndpoint<Family>], into router: inout Router, context: Family.Context,
                                       defaultBodyBytes: Int) {
        for endpoint in endpoints {
            let handler: APIEndpoint<Family>.Handler
            var now: APIEndpoint<Family>.ImmediateHandler?
            switch endpoint.serving {
            case .http(let makeHandler):
                handler = makeHandler(context)
            case .httpAnsweringNow(let makeHandlers):
                (now, handler) = makeHandlers(context)
            case .webSocket(let makeHandler):
                router.webSocket(endpoint.path, options: RouteOptions(secretParameters: endpoint.secretParameters), makeHandler(context))
                continue
            }
            let options = RouteOptions(maxBodyBytes: endpoint.maxBodyBytes, secretParameters: endpoint.secretParameters,
                                       headCheck: Family.headCheck(for: endpoint, bodyLimit: endpoint.maxBodyBytes ?? defaultBodyBytes,
                                                                   in: context))
            let answer: Router.Handler = { request in
                let caller = try await Family.admit(request, to: endpoint, in: context)
                var response = try await handler(APIEndpointCall(request: request, caller: caller, query: try checkedQuery(of: request, for: endpoint)))
                Family.finish(&response, of: endpoint)
                return response
            }
            guard let now else {
                router.add(HTTPMethod(endpoint.method), endpoint.path, options: options, answer)
                continue
            }
            router.add(HTTPMethod(endpoint.method), endpoint.path, options: options, now: { request in
                guard case .admitted(let caller) = try Family.admitNow(request, to: endpoint, in: context),
                      var response = try now(APIEndpointCall(request: request, caller: caller, query: try checkedQuery(of: request, for: endpoint)))
                else { return nil }
                Family.finish(&response, of: endpoint)
                return response
            }, otherwise: answer)
        }
    }

    /// The declared input checks that follow admission, when the family enforces them: the
    /// body's media type, then the query, whose checked values are returned.
    @usableFromInline
    static func checkedQuery<Family>(of request: Request, for endpoint: APIEndpoint<Family>) throws -> JSONObject {
        guard Family.enforcesDeclaredInput else { return JSONObject() }
        if endpoint.requestBody != nil, !hasMediaType(request.headers["Content-Type"], endpoint.requestMediaType) {
            throw APIError.unsupportedMediaType(expected: endpoint.requestMediaType)
        }
        return try QueryValidation.validate(request.query, against: endpoint.queryParameters)
    }

    /// `expected` (`application/json`…), in any letter case, optionally followed by parameters (`; charset=utf-8`).
    public static func hasMediaType(_ contentType: String?, _ expected: String) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingASCIISpaces().equalsIgnoringASCIICase(expected)
    }

    public static func operation<Family>(for endpoint: APIEndpoint<Family>) -> OpenAPIOperation {
        var operation = OpenAPIOperation(endpoint.method, endpoint.path, operationId: endpoint.operationId, summary: endpoint.summary,
                                         tags: endpoint.tags, parameters: endpoint.pathParameters + endpoint.headerParameters + endpoint.queryParameters,
                                         requestBody: endpoint.requestBody, responses: endpoint.documentedResponses,
                                         security: Family.security(of: endpoint))
        operation.requestMediaType = endpoint.requestMediaType
        return operation
    }
}

extension HTTPMethod {
    /// The method an endpoint declared with `method` is served under.
    public init(_ method: OpenAPIOperation.Method) { self.init(rawValue: method.rawValue.uppercased()) }
}
