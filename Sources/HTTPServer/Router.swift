import Foundation

/// Routes read like the API: `router.get("/feeds/{id}") { request in … }`.
/// Matching is a walk down a tree of path segments; literal segments win over `{parameters}`.
public struct Router: Sendable {
    public typealias Handler = @Sendable (Request) async throws -> Response
    /// A handler that answers without suspending (a liveness probe, a constant document).
    public typealias SynchronousHandler = @Sendable (Request) throws -> Response
    /// A handler that answers without suspending when what it serves is at hand, and returns nil
    /// when it is not (the route's `Handler` then answers, in a task).
    public typealias ImmediateHandler = @Sendable (Request) throws -> Response?

    public init() {}

    private var root = Node()
    /// Whether any route declares a secret parameter (when none does, logging skips the walk).
    private(set) var hasSecretParameters = false
    /// Routes without parameters, by exact path: most requests are found with one hash lookup.
    private var staticRoutes: [String: [HTTPMethod: Route]] = [:]

    public mutating func add(_ method: HTTPMethod, _ pattern: String, options: RouteOptions = RouteOptions(),
                             _ handler: @escaping Handler) {
        insert(Route(method: method, pattern: pattern, options: options, kind: .http(handler)))
    }

    /// A route whose handler never suspends: when the server's middleware are all `RequestFilter`s
    /// it is answered on the event loop's thread without a task; otherwise like any route.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, options: RouteOptions = RouteOptions(),
                             synchronous handler: @escaping SynchronousHandler) {
        insert(Route(method: method, pattern: pattern, options: options, kind: .http { try handler($0) }, synchronous: { try handler($0) }))
    }

    /// A route answered as one declared synchronous while `now` has its answer at hand; when
    /// `now` returns nil (a value to wait for), `handler` answers in a task, behind the same
    /// middleware checks, which are not run again. When some middleware is not a
    /// `RequestFilter`, `handler` answers every request.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, options: RouteOptions = RouteOptions(),
                             now: @escaping ImmediateHandler, otherwise handler: @escaping Handler) {
        insert(Route(method: method, pattern: pattern, options: options, kind: .http(handler), synchronous: now))
    }

    /// A WebSocket endpoint: the server answers the upgrade handshake, then runs `handler`
    /// with the open socket until it returns or the client leaves.
    public mutating func webSocket(_ pattern: String, options: RouteOptions = RouteOptions(),
                                   _ handler: @escaping WebSocketHandler) {
        insert(Route(method: .get, pattern: pattern, options: options, kind: .webSocket(handler)))
    }

    public mutating func get(_ p: String, options: RouteOptions = RouteOptions(), _ h: @escaping Handler) { add(.get, p, options: options, h) }
    public mutating func post(_ p: String, options: RouteOptions = RouteOptions(), _ h: @escaping Handler) { add(.post, p, options: options, h) }
    public mutating func put(_ p: String, options: RouteOptions = RouteOptions(), _ h: @escaping Handler) { add(.put, p, options: options, h) }
    public mutating func patch(_ p: String, options: RouteOptions = RouteOptions(), _ h: @escaping Handler) { add(.patch, p, options: options, h) }
    public mutating func delete(_ p: String, options: RouteOptions = RouteOptions(), _ h: @escaping Handler) { add(.delete, p, options: options, h) }

    private mutating func insert(_ route: Route) {
        let segments = Self.segments(route.pattern)
        hasSecretParameters = hasSecretParameters || !route.options.secretParameters.isEmpty
        root.insert(route, segments: segments[...])
        if !segments.contains(where: { $0.hasPrefix("{") }) {
            staticRoutes["/" + segments.joined(separator: "/"), default: [:]][route.method] = route
        }
    }

    public enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    /// `HEAD` falls back to the `GET` route (the body is dropped on the way out).
    public func match(method: HTTPMethod, path: some StringProtocol) -> Match {
        if let routes = staticRoutes[String(path)],
           let route = routes[method] ?? (method == .head ? routes[.get] : nil) {
            return .found(route, parameters: [:])
        }
        guard let node = root.find(Self.segments(path)[...], parameters: [:]) else { return .notFound }
        if let route = node.node.routes[method] ?? (method == .head ? node.node.routes[.get] : nil) {
            return .found(route, parameters: node.parameters)
        }
        if node.node.routes.isEmpty { return .notFound }
        var allowed = Set(node.node.routes.keys)
        if allowed.contains(.get) { allowed.insert(.head) }
        return .methodNotAllowed(allowed: allowed.sorted { $0.rawValue < $1.rawValue })
    }

    /// The values `path` would place in a secret parameter of some route, whatever the method,
    /// the outcome or the trailing segments — what the access log must mask. Empty and dot
    /// segments are resolved first, as a client or proxy may have sent
    /// `//api/withings/webhook/<secret>` or `/api/./withings/webhook/<secret>`; values are
    /// percent-decoded, as routing decodes them.
    public func secretValues(in path: some StringProtocol) -> [String] {
        guard hasSecretParameters else { return [] }
        var segments: [Substring] = []
        for segment in Self.segments(path) {
            switch segment.removingPercentEncoding ?? String(segment) {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        return root.secretCaptures(segments[...])
    }

    /// Every registered (method, pattern), for documentation checks.
    public var routes: [Route] { root.allRoutes() }

    static func segments(_ path: some StringProtocol) -> [Substring] {
        Substring(path).split(separator: "/", omittingEmptySubsequences: true)
    }
}

public typealias WebSocketHandler = @Sendable (Request, WebSocket) async -> Void

/// A class, not a struct: the connection holds the matched route for the whole request and
/// reads it again to log and count the answer, and sharing it costs one reference count where
/// copying its fields (strings, options, handler) cost one each.
public final class Route: Sendable {
    public enum Kind: Sendable {
        case http(Router.Handler)
        case webSocket(WebSocketHandler)
    }
    public let method: HTTPMethod
    public let pattern: String
    public let options: RouteOptions
    let kind: Kind
    /// The handler of a route declared synchronous (`kind` then runs the same handler, or the
    /// one that answers when this one returns nil).
    let synchronous: Router.ImmediateHandler?

    init(method: HTTPMethod, pattern: String, options: RouteOptions, kind: Kind, synchronous: Router.ImmediateHandler? = nil) {
        (self.method, self.pattern, self.options, self.kind, self.synchronous) = (method, pattern, options, kind, synchronous)
    }
}

public struct RouteOptions: Sendable {
    /// Largest body accepted, checked against `Content-Length` before any of the body is read.
    public var maxBodyBytes: Int?
    /// Path parameters that are secrets (a webhook token, say): logged as `[REDACTED]`.
    public var secretParameters: Set<String>
    /// Runs once the head is parsed, before the body is read (see `HeadCheck`).
    public var headCheck: HeadCheck?

    public init(maxBodyBytes: Int? = nil, secretParameters: Set<String> = [], headCheck: HeadCheck? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.secretParameters = secretParameters
        self.headCheck = headCheck
    }
}

private struct Node: Sendable {
    var literal: [Substring: Node] = [:]
    var parameterName: String?
    var parameter: [Node] = []   // zero or one child; an array keeps the struct recursive
    var routes: [HTTPMethod: Route] = [:]
    /// Secret parameter names of the routes at or below this node.
    var secretNamesBelow: Set<String> = []

    mutating func insert(_ route: Route, segments: ArraySlice<Substring>) {
        secretNamesBelow.formUnion(route.options.secretParameters)
        guard let first = segments.first else {
            precondition(routes[route.method] == nil, "route registered twice: \(route.method) \(route.pattern)")
            routes[route.method] = route
            return
        }
        if first.hasPrefix("{") && first.hasSuffix("}") {
            let name = String(first.dropFirst().dropLast())
            precondition(parameterName == nil || parameterName == name, "conflicting parameter names at \(route.pattern)")
            parameterName = name
            if parameter.isEmpty { parameter.append(Node()) }
            parameter[0].insert(route, segments: segments.dropFirst())
        } else {
            literal[first, default: Node()].insert(route, segments: segments.dropFirst())
        }
    }

    func find(_ segments: ArraySlice<Substring>, parameters: [String: String]) -> (node: Node, parameters: [String: String])? {
        guard let first = segments.first else { return (self, parameters) }
        if let child = literal[first], let found = child.find(segments.dropFirst(), parameters: parameters) {
            return found
        }
        if let name = parameterName, let child = parameter.first {
            let value = first.removingPercentEncoding ?? String(first)
            // `%00` names nothing any handler stores (no text column holds a NUL): no route.
            guard !value.utf8.contains(0) else { return nil }
            var captured = parameters
            captured[name] = value
            return child.find(segments.dropFirst(), parameters: captured)
        }
        return nil
    }

    /// Every segment of `segments` that lands in a parameter that is secret for a route below
    /// it, along every branch the segments can follow (a literal and a parameter alike), so a
    /// path that matches no route at all still has its would-be secret found.
    func secretCaptures(_ segments: ArraySlice<Substring>) -> [String] {
        guard let first = segments.first, !secretNamesBelow.isEmpty else { return [] }
        var captured: [String] = []
        if let child = literal[first] { captured += child.secretCaptures(segments.dropFirst()) }
        if let name = parameterName, let child = parameter.first {
            if child.secretNamesBelow.contains(name) { captured.append(first.removingPercentEncoding ?? String(first)) }
            captured += child.secretCaptures(segments.dropFirst())
        }
        return captured
    }

    func allRoutes() -> [Route] {
        Array(routes.values) + literal.values.flatMap { $0.allRoutes() } + parameter.flatMap { $0.allRoutes() }
    }
}
