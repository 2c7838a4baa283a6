/// A plain value that wraps every request on its way to the router: authentication, error
/// mapping, rate limits. Middleware runs in the order given to the server.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: Responder) async throws -> Response
}

/// The rest of the chain, as seen by one middleware.
public struct Responder: Sendable {
    let call: @Sendable (Request) async throws -> Response
    public init(_ call: @escaping @Sendable (Request) async throws -> Response) { self.call = call }
    public func callAsFunction(_ request: Request) async throws -> Response { try await call(request) }
}

extension Array where Element == any Middleware {
    /// Folds the middleware around `endpoint`, first element outermost.
    func wrapping(_ endpoint: Responder) -> Responder {
        reversed().reduce(endpoint) { next, middleware in
            Responder { request in try await middleware.respond(to: request, next: next) }
        }
    }
}

/// Middleware whose whole work fits around the handler without suspending: a check before the
/// rest of the chain and an answer for what the rest throws. It is still a `Middleware` (its
/// `respond` comes from these two), and when every middleware of a server is a filter, routes
/// declared synchronous (`Router.add(_:_:options:synchronous:)`) are answered on the event loop's
/// thread at once, without a task per request (see `ServerContext.respondSynchronously`).
public protocol RequestFilter: Middleware {
    /// Runs before the rest of the chain; throws to refuse the request.
    func check(_ request: Request) throws
    /// The answer for `error`, thrown by the rest of the chain, or nil to pass it on.
    func response(to error: any Error) -> Response?
}

extension RequestFilter {
    public func check(_ request: Request) throws {}
    public func response(to error: any Error) -> Response? { nil }

    public func respond(to request: Request, next: Responder) async throws -> Response {
        try check(request)
        do {
            return try await next(request)
        } catch {
            guard let response = response(to: error) else { throw error }
            return response
        }
    }
}

extension ArraySlice where Element == any RequestFilter {
    /// Runs the filters around `handler` as `wrapping` would, first element outermost: each
    /// check in order, then the handler; nil when the handler returned nil (every check passed).
    /// What a check or the handler throws is answered by `answer(_:passedChecks:)`.
    func respond(to request: Request, handler: Router.ImmediateHandler) throws -> Response? {
        var passed = startIndex
        do {
            while passed < endIndex {
                try self[passed].check(request)
                passed += 1
            }
            return try handler(request)
        } catch {
            return try answer(error, passedChecks: passed)
        }
    }

    /// The filters around `handler` once all their checks have passed (in `respond(to:handler:)`).
    func respond(afterChecks handler: () async throws -> Response) async throws -> Response {
        do {
            return try await handler()
        } catch {
            return try answer(error, passedChecks: endIndex)
        }
    }

    /// The one rule for the filters' error answers, as if each filter wrapped the ones after it
    /// (`RequestFilter.respond(to:next:)`): an error reaches the filters whose checks had passed when it was
    /// thrown (a check's own filter is outside it), innermost first; the first answer wins, and
    /// without one the error goes on to the server's renderer.
    func answer(_ error: any Error, passedChecks end: Index) throws -> Response {
        var index = end
        while index > startIndex {
            index -= 1
            if let response = self[index].response(to: error) { return response }
        }
        throw error
    }
}
