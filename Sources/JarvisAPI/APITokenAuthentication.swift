import APIToolkit
import HTTPServer
import Secrets

/// When `JARVIS_API_TOKEN` is set, every route needs `Authorization: Bearer <token>`, except a
/// GET of `openPaths` (`JarvisService.openPaths`: the endpoints declared open such as `/health`,
/// the app's connect check; `/openapi.yaml`; `/livez`, as liveness probes carry no data; and
/// `/metrics`, which has its own rule, `MetricsAccess`, shared by both services, that accepts
/// this token too). The WebSocket upgrade is a GET through the same middleware, so it is
/// covered too.
struct APITokenAuthentication: RequestFilter {
    let token: String
    let openPaths: Set<String>

    func check(_ request: Request) throws {
        if openPaths.contains(request.path) && (request.method == .get || request.method == .head) { return }
        guard let credential = request.bearerCredential, ConstantTime.equals(credential, token) else {
            var error = APIError.unauthorized("A valid bearer token is required", code: "auth.unauthorized")
            error.headers.append(APIError.Header(name: "WWW-Authenticate", value: "Bearer"))
            throw error
        }
    }
}
