import APIToolkit
import HTTPServer
import Secrets

/// Who may read `GET /metrics`: a client on this machine (a scraper beside the service), or
/// anyone presenting `METRICS_TOKEN` as a bearer token when the operator set one. Per-route
/// counts and the services' own counters (refused webhook calls, unrecorded auth failures)
/// are operational detail, not for whoever can reach the API port.
public struct MetricsAccess: Sendable {
    public static let environmentName = "METRICS_TOKEN"
    let token: String?

    public init(environment: [String: String]) {
        token = environment[Self.environmentName].flatMap { $0.isEmpty ? nil : $0 }
    }

    func check(_ request: Request) throws {
        if Self.isLoopback(request.remoteAddress) { return }
        if let token, let header = request.headers["Authorization"], header.count > 7, header.prefix(7).lowercased() == "bearer ",
           ConstantTime.equals(header.dropFirst(7), token) {
            return
        }
        throw APIError.forbidden("Metrics are served to this machine, or with the metrics token", code: "metrics.forbidden")
    }

    /// The peer as the server formats it: `127.x.y.z`, `::1`, or IPv4 loopback mapped into IPv6.
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}
