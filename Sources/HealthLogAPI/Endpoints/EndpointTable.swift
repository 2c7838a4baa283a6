import APIToolkit
import HTTPServer

/// Registers endpoints into the router (with authentication, role and query checks in front of
/// each handler) and describes the same values as OpenAPI operations, so what is served and
/// what is published come from one list.
enum EndpointTable {
    static func install(_ endpoints: [Endpoint], into router: inout Router, context: HealthLogContext) {
        for endpoint in endpoints {
            let handler = endpoint.makeHandler(context)
            let authenticator = context.authenticator
            router.add(endpoint.method.rawValue.uppercased(), endpoint.path) { request in
                var principal: Principal?
                if endpoint.access != .anyone {
                    let user = try await authenticator.authenticate(request)
                    if endpoint.access == .admin, user.role != .admin { throw AuthErrors.forbidden }
                    principal = user
                }
                let query = try QueryValidation.validate(request.query, against: endpoint.queryParameters)
                return try await handler(EndpointCall(request: request, principal: principal, query: query))
            }
        }
    }

    static func operation(for endpoint: Endpoint) -> OpenAPIOperation {
        OpenAPIOperation(endpoint.method, endpoint.path, operationId: endpoint.operationId, summary: endpoint.summary,
                         tags: endpoint.tags, parameters: endpoint.queryParameters, requestBody: endpoint.requestBody,
                         responses: endpoint.documentedResponses,
                         security: endpoint.access == .anyone ? [] : nil)
    }
}
