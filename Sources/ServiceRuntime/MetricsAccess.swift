import APIToolkit
import HTTPServer
import Secrets

/// Who may read `GET /metrics` on the service's own port: whoever presents an accepted token as
/// a bearer token — `METRICS_TOKEN`, and whatever the service adds (Jarvis: its API token).
/// Nobody else, wherever the request comes from: a proxy on this machine, or a request forged
/// through it (SSRF), connects over loopback too, so the peer's address proves nothing.
/// A scraper without a token uses the separate metrics listener (`METRICS_PORT`) instead.
/// Per-route counts and the services' own counters (refused webhook calls, unrecorded auth
/// failures) are operational detail, not for whoever can reach the API port.
public struct MetricsAccess: Sendable {
    public static let environmentName = "METRICS_TOKEN"
    private var tokens: [String]

    public init(environment: [String: String]) throws {
        tokens = try bearerTokenSetting(Self.environmentName, environment).map { [$0] } ?? []
    }

    /// Also serve requests bearing `token` (empty tokens open nothing).
    public mutating func accept(token: String) {
        if !token.isEmpty { tokens.append(token) }
    }

    func check(_ request: Request) throws {
        if let credential = request.bearerCredential, tokens.contains(where: { ConstantTime.equals(credential, $0) }) { return }
        var error = APIError.unauthorized("Metrics need a metrics token here; scrape the metrics port without one",
                                          code: "metrics.unauthorized")
        error.headers.append(APIError.Header(name: "WWW-Authenticate", value: "Bearer"))
        throw error
    }
}
