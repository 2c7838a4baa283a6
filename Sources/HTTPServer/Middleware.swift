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
