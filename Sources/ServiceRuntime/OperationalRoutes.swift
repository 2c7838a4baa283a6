import HTTPServer

/// Routes every service answers the same way, outside its API contract.
public enum OperationalRoutes {
    static let prometheusContentType = "text/plain; version=0.0.4; charset=utf-8"
    public static let livezPath = "/livez"
    public static let metricsPath = "/metrics"

    /// `GET /livez`: the process is up and serving (no database round trip, so a load balancer
    /// can poll it cheaply; declared synchronous, so it costs no task). `GET /metrics`: Prometheus text exposition, to whom `access` allows.
    public static func install(into router: inout Router, metrics: MetricsRegistry, access: MetricsAccess) {
        // Built once, headers checked once: answering it costs a reference count.
        let alive = Response.json(Array("{\"status\":\"ok\"}".utf8)).prepared()
        router.add(.get, livezPath, synchronous: { _ in alive })
        router.add(.get, metricsPath, synchronous: { request in
            try access.check(request)
            return .text(metrics.renderPrometheus(), contentType: prometheusContentType)
        })
    }

    /// The separate metrics listener's only route: `GET /metrics` without a token, since only
    /// what can reach its address (loopback by default) can ask.
    static func metricsListener(serving metrics: MetricsRegistry) -> Router {
        var router = Router()
        router.get(metricsPath) { _ in .text(metrics.renderPrometheus(), contentType: prometheusContentType) }
        return router
    }
}
