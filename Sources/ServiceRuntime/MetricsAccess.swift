import APIToolkit
import HTTPServer
import Secrets

/// Who may read `GET /metrics`: a scraper on this machine talking to the service directly, or
/// anyone presenting an accepted token as a bearer token — `METRICS_TOKEN`, and whatever the
/// service adds (Jarvis: its API token). Per-route counts and the services' own counters
/// (refused webhook calls, unrecorded auth failures) are operational detail, not for whoever
/// can reach the API port. A request a proxy forwarded (`X-Forwarded-For`, `Forwarded`,
/// `X-Real-IP`) comes from the proxy's clients, not from this machine, even when the proxy
/// itself connects over loopback.
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
        if Self.isLoopback(request.remoteAddress), !Self.wasForwarded(request) { return }
        if let credential = request.bearerCredential, tokens.contains(where: { ConstantTime.equals(credential, $0) }) { return }
        throw APIError.forbidden("Metrics are served to this machine, or with a metrics token", code: "metrics.forbidden")
    }

    /// The peer as the server formats it: `127.x.y.z`, `::1`, or IPv4 loopback mapped into IPv6.
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    static func wasForwarded(_ request: Request) -> Bool {
        ["X-Forwarded-For", "Forwarded", "X-Real-IP"].contains { request.headers[$0] != nil }
    }
}
