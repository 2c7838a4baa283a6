import Synchronization

/// What every connection of one server shares: configuration, the request pipeline, logs,
/// metrics and the counters that graceful shutdown and the connection limit read.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let router: Router
    let errorRenderer: any ErrorRenderer
    let metrics: MetricsRegistry
    let logger: Logger
    let accessLog: Bool
    private let pipeline: Responder
    /// The middleware when every one is a `RequestFilter`: synchronous routes then skip the task.
    let filters: ArraySlice<any RequestFilter>?

    let openConnections = Atomic<Int>(0)
    let requestsInFlight = Atomic<Int>(0)
    let draining = Atomic<Bool>(false)
    let bodyBudget: BodyBudget

    init(configuration: ServerConfiguration, router: Router, middleware: [any Middleware],
         errorRenderer: any ErrorRenderer, metrics: MetricsRegistry, logger: Logger, accessLog: Bool) {
        self.configuration = configuration
        self.router = router
        self.errorRenderer = errorRenderer
        self.metrics = metrics
        self.logger = logger
        self.accessLog = accessLog
        self.bodyBudget = BodyBudget(processLimit: configuration.maxBodyBytesInFlight,
                                     addressLimit: configuration.maxBodyBytesInFlightPerAddress)
        let filters = middleware.compactMap { $0 as? any RequestFilter }
        self.filters = filters.count == middleware.count ? filters[...] : nil
        self.pipeline = middleware.wrapping(Responder { request in
            guard let endpoint = request.endpoint else {
                throw HTTPError.routeNotFound(method: request.method, path: request.path)
            }
            return try await endpoint(request)
        })
    }

    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Runs middleware and handler; whatever they throw becomes an error response, so a
    /// handler bug answers 500 in the API's envelope instead of dropping the connection.
    func respond(to request: Request) async -> Response {
        do {
            return try await pipeline(request)
        } catch {
            return render(error, of: request)
        }
    }

    /// `respond(to:)` for a route declared synchronous, when `filters` is set: the same
    /// middleware and error answers, on the caller's thread. nil when the handler has no answer
    /// without waiting: `filters` passed the request, and `respond(to:checkedBy:handler:)` finishes it.
    func respondSynchronously(to request: Request, filters: ArraySlice<any RequestFilter>, handler: Router.ImmediateHandler) -> Response? {
        do {
            return try filters.respond(to: request, handler: handler)
        } catch {
            return render(error, of: request)
        }
    }

    /// `handler`, after `filters` checked the request in `respondSynchronously`: only their
    /// answers to errors are left around it.
    func respond(to request: Request, checkedBy filters: ArraySlice<any RequestFilter>, handler: Router.Handler) async -> Response {
        do {
            return try await filters.respond(afterChecks: { try await handler(request) })
        } catch {
            return render(error, of: request)
        }
    }

    /// Runs a route's head check; what it throws is answered like a handler's error.
    func check(_ request: Request, with headCheck: HeadCheck) async -> HeadVerdict {
        do {
            return try await headCheck(request)
        } catch {
            return .refuse(render(error, of: request))
        }
    }

    private func render(_ error: any Error, of request: Request) -> Response {
        switch error {
        case let error as HTTPError:
            return errorRenderer.render(error)
        default:
            logger.error("unhandled error", ["requestId": .string(request.requestID), "route": .string(request.route ?? ""),
                                             "error": .string(String(describing: type(of: error)))])
            return errorRenderer.render(HTTPError(status: 500, code: "internal", message: "Internal server error"))
        }
    }
}
