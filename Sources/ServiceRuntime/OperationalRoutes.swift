import HTTPServer

/// Routes every service answers the same way, outside its API contract.
public enum OperationalRoutes {
    /// `GET /livez`: the process is up and serving (no database round trip, so a load balancer
    /// can poll it cheaply). `GET /metrics`: Prometheus text exposition.
    public static func install(into router: inout Router, metrics: MetricsRegistry) {
        let alive = Array("{\"status\":\"ok\"}".utf8)
        router.get("/livez") { _ in .json(alive) }
        router.get("/metrics") { _ in
            .text(metrics.renderPrometheus(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
    }
}
