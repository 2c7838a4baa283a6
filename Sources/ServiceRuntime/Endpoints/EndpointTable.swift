import APIToolkit
import HTTPServer
import ServiceRuntime

/// Registers endpoints into the router (authentication, role, assistant gate, media type and
/// query checks in front of each handler, in that order) and describes the same values as
/// OpenAPI operations, so what is served and what is published come from one list.
enum EndpointTable {
    /// `defaultBodyBytes`: the body limit of endpoints that set none.
    static func install(_ endpoints: [Endpoint], into router: inout Router, context: HealthLogContext, defaultBodyBytes: Int) {
        for endpoint in endpoints {
            let handler = endpoint.makeHandler(context)
            let authenticator = context.authenticator, gate = context.assistantGate
            let options = RouteOptions(maxBodyBytes: endpoint.maxBodyBytes, secretParameters: endpoint.secretParameters,
                                       headCheck: headCheck(for: endpoint, context: context, defaultBodyBytes: defaultBodyBytes))
            router.add(endpoint.method.rawValue.uppercased(), endpoint.path, options: options) { request in
                var principal: Principal?
                if endpoint.access != .anyone {
                    if let admitted = request.admission as? Principal {
                        principal = admitted
                    } else {
                        principal = try await authorize(request, for: endpoint, with: authenticator)
                    }
                }
                if let surface = endpoint.gate { try await gate.check(surface) }
                if endpoint.requestBody != nil, !hasMediaType(request.headers["Content-Type"], endpoint.requestMediaType) {
                    throw APIError.unsupportedMediaType(expected: endpoint.requestMediaType)
                }
                let query = try QueryValidation.validate(request.query, against: endpoint.queryParameters)
                var response = try await handler(EndpointCall(request: request, principal: principal, query: query))
                // Per-user answers must not sit in shared caches unless the endpoint says otherwise.
                if endpoint.access != .anyone, !response.headers.contains("Cache-Control") {
                    response.headers.add("Cache-Control", "no-store")
                }
                return response
            }
        }
    }

    /// Authenticated endpoints whose body limit is over `bodyBytesReadBeforeAuthentication`
    /// authenticate from the head, before the body is read: a client without credentials gets
    /// its 401 (or 403) and a closed connection instead of making the server buffer the body.
    private static func headCheck(for endpoint: Endpoint, context: HealthLogContext, defaultBodyBytes: Int) -> HeadCheck? {
        guard endpoint.access != .anyone,
              (endpoint.maxBodyBytes ?? defaultBodyBytes) > ServiceSetup.bodyBytesReadBeforeAuthentication else { return nil }
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

    /// The account behind the request's credentials, if it may call `endpoint` (401/403 otherwise).
    private static func authorize(_ request: Request, for endpoint: Endpoint, with authenticator: Authenticator) async throws -> Principal {
        let user = try await authenticator.authenticate(request)
        if endpoint.access == .admin, user.role != .admin { throw AuthErrors.forbidden }
        return user
    }

    /// `expected` (`application/json`…), in any letter case, optionally followed by parameters (`; charset=utf-8`).
    static func hasMediaType(_ contentType: String?, _ expected: String) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingASCIISpaces().equalsIgnoringASCIICase(expected)
    }

    static func operation(for endpoint: Endpoint) -> OpenAPIOperation {
        var operation = OpenAPIOperation(endpoint.method, endpoint.path, operationId: endpoint.operationId, summary: endpoint.summary,
                                         tags: endpoint.tags, parameters: endpoint.pathParameters + endpoint.headerParameters + endpoint.queryParameters,
                                         requestBody: endpoint.requestBody, responses: endpoint.documentedResponses,
                                         security: endpoint.access == .anyone ? [] : nil)
        operation.requestMediaType = endpoint.requestMediaType
        return operation
    }
}
